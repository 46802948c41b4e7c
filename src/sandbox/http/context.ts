/** What handlers receive: the authenticated shop, the request and the shared services. */
import type { IncomingMessage } from 'node:http';
import type { OrderLister } from '../db/list-orders.js';
import type { Db } from '../db/open.js';
import type { OrderStore } from '../db/orders.js';
import type { RouteMatch } from './router.js';

export interface Services {
  readonly db: Db;
  readonly orders: OrderStore;
  readonly lister: OrderLister;
  readonly cursorSecret: Buffer;
  readonly cursorTtlSeconds: number;
}

export interface Shop {
  readonly pk: number;
  readonly id: string;
  readonly hasKeepItem: boolean;
}

export interface HandlerContext {
  readonly req: IncomingMessage;
  readonly route: RouteMatch;
  readonly search: URLSearchParams;
  /** The request body (at most 1 MiB; empty when none was sent). */
  readonly body: Buffer;
  readonly shop: Shop;
  /** Request time, ms since the epoch (the injectable clock). */
  readonly now: number;
  readonly services: Services;
}

/** A response body that is already UTF-8 JSON (orders come as ready JSON from the store). */
export class RawJson {
  constructor(readonly body: Buffer) {}
}

/** A successful response (always 200, the interface's only success status): ready JSON bytes. */
export type HandlerResult = RawJson;

export type Handler = (ctx: HandlerContext) => Promise<HandlerResult> | HandlerResult;

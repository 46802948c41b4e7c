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

/**
 * A response body that is already UTF-8 JSON (orders come as ready JSON from the store),
 * as the parts to send one after the other: a page is its envelope around the orders'
 * stored JSON, joined only once, into the buffer that is written (see respond.ts).
 */
export class RawJson {
  /** Total bytes of the parts. */
  readonly byteLength: number;

  constructor(readonly parts: readonly Buffer[]) {
    let n = 0;
    for (const part of parts) n += part.length;
    this.byteLength = n;
  }

  /** The body as one buffer (a copy when there are several parts). */
  joined(): Buffer {
    return this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts as Buffer[], this.byteLength);
  }
}

/** A successful response (always 200, the interface's only success status): ready JSON bytes. */
export type HandlerResult = RawJson;

export type Handler = (ctx: HandlerContext) => Promise<HandlerResult> | HandlerResult;

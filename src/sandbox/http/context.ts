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
  /**
   * Checks the request's key again, as stored now (401 invalid_api_key when it was revoked
   * or removed since the request was authenticated). A write calls it inside its
   * transaction, so a key revoked while the body was still arriving writes nothing.
   */
  readonly recheckKey: () => void;
  /** A write calls it once its transaction has committed (the request log says so). */
  readonly markApplied: () => void;
}

const EMPTY = Buffer.alloc(0);
const COMMA = 0x2c;

/**
 * A response body that is already UTF-8 JSON (orders come as ready JSON from the store):
 * one buffer, or a page's envelope around the orders' stored JSON, joined only once, into
 * the buffer that is written (see respond.ts).
 */
export class RawJson {
  /** Total bytes of the body. */
  readonly byteLength: number;

  private constructor(
    /** The body, or the text before the first item of a list. */
    readonly head: Buffer,
    private readonly items: readonly Buffer[],
    private readonly tail: Buffer,
  ) {
    let n = head.length + tail.length + Math.max(0, items.length - 1);
    for (const item of items) n += item.length;
    this.byteLength = n;
  }

  /** A body that is one buffer. */
  static of(body: Buffer): RawJson {
    return new RawJson(body, [], EMPTY);
  }

  /** `head`, then `items` separated by commas, then `tail` (a JSON array inside an object). */
  static list(head: Buffer, items: readonly Buffer[], tail: Buffer): RawJson {
    return new RawJson(head, items, tail);
  }

  /** True when the body is `head` alone, to be sent as it is. */
  get isSingle(): boolean {
    return this.items.length === 0 && this.tail.length === 0;
  }

  /**
   * Copies the body into `target` (at least byteLength long) and returns its length. The
   * commas are written as bytes and the parts with TypedArray#set, not a Buffer per comma and
   * Buffer#copy per part, which cost about twice as much (docs/performance.md).
   */
  writeInto(target: Buffer): number {
    target.set(this.head, 0);
    let at = this.head.length;
    for (let i = 0; i < this.items.length; i++) {
      if (i > 0) target[at++] = COMMA;
      const item = this.items[i]!;
      target.set(item, at);
      at += item.length;
    }
    target.set(this.tail, at);
    return at + this.tail.length;
  }
}

/** A successful response (always 200, the interface's only success status): ready JSON bytes. */
export type HandlerResult = RawJson;

export type Handler = (ctx: HandlerContext) => Promise<HandlerResult> | HandlerResult;

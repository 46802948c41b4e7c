/**
 * A tiny node:http server on loopback that answers whatever a test tells it to: a stand-in for a
 * broken or hostile third-party service (malformed bodies, HTML error pages, stalls,
 * trickling and endless bodies, crafted headers), which the real sandbox never produces. Used
 * by the client tests and by the commands run against it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface HostileServer {
  /** Base URL, ending in /public-api/v1. */
  readonly url: string;
  /** Requests received, as "METHOD path". */
  readonly seen: string[];
  /** What the next requests get (the last one set applies to all later requests). */
  answer(handler: Handler): void;
  close(): Promise<void>;
}

export async function startHostileServer(): Promise<HostileServer> {
  let handler: Handler = (_req, res) => res.end();
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    seen.push(`${req.method} ${req.url}`);
    handler(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/public-api/v1`,
    seen,
    answer: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Sends `status` with a JSON body (anything serializable) and a request id. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_hostile', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A valid return order, to be broken by the tests. */
export function validOrder(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, cust_email: 'a@example.com', cust_first_name: 'A', cust_last_name: 'B', status: 'reviewed',
    currency: 'EUR', order_id: '1', order_name: `#${id}`, submitted_at: '2026-11-01T00:00:00Z',
    refunds: [], exchanges: [], ...extra,
  };
}

/** The orders a list request asks for: those its `ids` filter names, else all (newest first as given). */
export function ordersAskedFor<T extends Readonly<Record<string, unknown>>>(requestUrl: string | undefined, orders: readonly T[]): T[] {
  const ids = new URL(requestUrl ?? '/', 'http://x').searchParams.get('ids');
  return ids ? orders.filter((o) => ids.split(',').includes(String(o.id))) : [...orders];
}

/** A page envelope around `orders` (has_more and next_cursor as given). */
export function page(res: ServerResponse, orders: readonly unknown[], more: { readonly nextCursor?: string | null } = {}): void {
  const nextCursor = more.nextCursor ?? null;
  json(res, 200, { data: orders, has_more: nextCursor !== null, next_cursor: nextCursor });
}

/**
 * Sends `body` one byte every `everyMs` (a service that never stalls long enough for a body
 * timeout but never finishes either). Stops when the client goes away.
 */
export function trickle(res: ServerResponse, body: string, everyMs: number): void {
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_trickle' });
  const bytes = Buffer.from(body);
  let at = 0;
  const timer = setInterval(() => {
    if (at >= bytes.length) {
      clearInterval(timer);
      res.end();
      return;
    }
    res.write(bytes.subarray(at, at + 1));
    at++;
  }, everyMs);
  res.once('close', () => clearInterval(timer));
}

/** A 200 whose JSON body never ends: `{"data":[` and then spaces, a chunk every `everyMs`. */
export function endless(res: ServerResponse, everyMs = 5): void {
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_endless' });
  res.write('{"data":[');
  const chunk = ' '.repeat(1024);
  const timer = setInterval(() => res.write(chunk), everyMs);
  res.once('close', () => clearInterval(timer));
}

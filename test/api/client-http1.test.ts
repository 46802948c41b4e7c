/**
 * The client speaks HTTP/1.1 only, also to a TLS service that offers HTTP/2: undici 8 would
 * otherwise negotiate h2 and multiplex requests past the pool's connection bound. The TLS
 * server here has no certificate; it only records the protocols the client offers (ALPN)
 * and ends the handshake, which is all this needs.
 */
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attempt, createPool } from '../../src/api/client/transport.js';
import { DEFAULT_TIMEOUTS } from '../../src/api/client-types.js';

let server: Server;
let offered: readonly string[] | undefined;

beforeAll(async () => {
  server = createServer({
    ALPNCallback: ({ protocols }) => {
      offered = protocols;
      return undefined;
    },
  });
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('offers only http/1.1 in the TLS handshake', async () => {
  const port = (server.address() as { port: number }).port;
  const origin = `https://127.0.0.1:${port}`;
  const pool = createPool(origin, DEFAULT_TIMEOUTS, 1);
  try {
    const outcome = await attempt(
      { method: 'GET', path: '/public-api/v1/return_orders' },
      { pool, origin, host: `127.0.0.1:${port}`, headers: {}, timeouts: DEFAULT_TIMEOUTS, secrets: [] },
    );
    expect(outcome.type).toBe('failure');
    expect(offered).toEqual(['http/1.1']);
  } finally {
    await pool.destroy();
  }
});

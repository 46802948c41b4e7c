/**
 * Rate limiting (section 8, D10): a per-key token bucket; a refused request is 429
 * rate_limit_exceeded with a whole-second Retry-After and changes nothing. The sandbox
 * clock is injected and frozen, so no result depends on how fast the machine is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { expectError, expectPage, listOrders, reviewOrder, type ApiResponse } from '../../helpers/contract-http.js';

const clock = { ms: Date.UTC(2026, 11, 5, 8) };
let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ rateLimit: 2, now: () => clock.ms });
});
afterAll(async () => {
  await sb?.close();
});

/** Sends list requests with `key` until the first 429; returns all responses. */
async function exhaust(base: string, key: string, max = 200): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  for (let i = 0; i < max; i++) {
    const res = await listOrders(base, key, { limit: '1' });
    responses.push(res);
    if (res.status === 429) break;
  }
  return responses;
}

describe('rate limit 2/s (frozen clock)', () => {
  it('after the burst: 429 rate_limit_exceeded with an integer Retry-After, and it stays refused', async () => {
    const responses = await exhaust(sb.url, KEYS.north);
    const last = responses[responses.length - 1]!;
    expect(responses.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    expect(responses.length).toBeGreaterThan(1);
    expectError(last, 'rate_limit_exceeded');
    expect(last.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expectError(await listOrders(sb.url, KEYS.north), 'rate_limit_exceeded');
  });

  it('another key has its own bucket', async () => {
    expectPage(await listOrders(sb.url, KEYS.south));
  });

  it('a limited write is refused before it changes anything', async () => {
    const items = [{ id: 70000, type: 'refund', action: 'approve' }, { id: 70001, type: 'exchange', action: 'approve' }];
    expectError(await reviewOrder(sb.url, KEYS.north, 1000, { items }), 'rate_limit_exceeded');
    clock.ms += 60_000;
    const page = expectPage(await listOrders(sb.url, KEYS.north, { ids: '1000' }));
    expect(page.data[0]?.status).toBe('pending');
  });

  it('after waiting Retry-After seconds (on the sandbox clock) the key works again', async () => {
    const responses = await exhaust(sb.url, KEYS.north);
    const wait = Number(responses[responses.length - 1]!.headers.get('retry-after'));
    clock.ms += wait * 1000;
    expectPage(await listOrders(sb.url, KEYS.north));
  });
});

describe('default rate limit (D10: 20/s, burst 40)', () => {
  it('with a frozen clock exactly 40 requests pass, the 41st is refused', async () => {
    const local = { ms: Date.UTC(2026, 11, 6) };
    // rateLimit left unset: the sandbox default applies.
    const dflt = await startTestSandbox({ rateLimit: undefined, now: () => local.ms });
    try {
      const responses = await exhaust(dflt.url, KEYS.south, 60);
      expect(responses.length).toBe(41);
      expectError(responses[40]!, 'rate_limit_exceeded');
      // One second refills 20 tokens.
      local.ms += 1000;
      const again = await exhaust(dflt.url, KEYS.south, 60);
      expect(again.length).toBe(21);
    } finally {
      await dflt.close();
    }
  });

  it('rateLimit 0 turns limiting off', async () => {
    const off = await startTestSandbox({ rateLimit: 0, now: () => clock.ms });
    try {
      const responses = await exhaust(off.url, KEYS.north, 120);
      expect(responses.every((r) => r.status === 200)).toBe(true);
    } finally {
      await off.close();
    }
  });
});

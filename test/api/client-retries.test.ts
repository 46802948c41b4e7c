/**
 * Retries against a sandbox that fails on purpose (--fail-rate, --fail-status): reads
 * and writes still come through, each write applied once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryInfo } from '../../src/api/client-types.js';
import { createClient } from '../../src/api/client/index.js';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { bulkIds, makeBulkFixture } from '../helpers/bulk-fixture.js';
import { KEYS } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

describe('under --fail-rate 0.3 (500)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ failRate: 0.3, fixture: makeBulkFixture(30) });
  });
  afterAll(() => sandbox.close());

  it('reads come through, retried on 500 with backoff', async () => {
    const retries: RetryInfo[] = [];
    // 0.3^13: a call fails for good about once in 6 million.
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 12, backoffBaseMs: 1, hooks: { onRetry: (i) => retries.push(i) } });
    const walked: ReturnOrder[] = [];
    for await (const order of client.listAll({ limit: 5 })) walked.push(order);
    for (let i = 0; i < 20; i++) expect(await client.getOrder(1001)).toMatchObject({ id: 1001 });
    await client.close();
    expect(new Set(walked.map((o) => o.id)).size).toBe(walked.length);
    expect(walked.length).toBe(24 + 30);
    expect(retries.length).toBeGreaterThan(0);
    expect(retries.every((r) => r.reason === 'server_error' && r.status === 500)).toBe(true);
  });

  it('writes come through, each applied once and never reported as already applied', async () => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 12, backoffBaseMs: 1 });
    const ids = bulkIds(30);
    const results = [];
    for (const id of ids) results.push(await client.receive(id));
    // Injected failures happen before any change (D: --fail-rate), so no retry finds its write applied.
    expect(results.every((r) => !r.isAlreadyApplied && r.order?.status === 'received')).toBe(true);
    const after = await client.listPage({ filters: { ids }, limit: 100 });
    await client.close();
    expect(after.data.map((o) => o.status)).toEqual(Array(30).fill('received'));
  });
});

describe('under --fail-rate 0.3 --fail-status 429', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ failRate: 0.3, failStatus: 429 });
  });
  afterAll(() => sandbox.close());

  it('retries 429 after the Retry-After the sandbox sends', async () => {
    const retries: RetryInfo[] = [];
    const slept: number[] = [];
    const client = createClient({
      baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 12, random: () => 0,
      sleep: async (ms) => void slept.push(ms), hooks: { onRetry: (i) => retries.push(i) },
    });
    for (let i = 0; i < 20; i++) await client.listPage({ limit: 1 });
    await client.close();
    expect(retries.length).toBeGreaterThan(0);
    for (const [i, r] of retries.entries()) {
      expect(r).toMatchObject({ reason: 'rate_limited', status: 429 });
      expect(r.retryAfterMs).toBeGreaterThanOrEqual(1000);
      expect(slept[i]).toBe(r.retryAfterMs);
    }
  });
});

describe('a call with fewer retries of its own', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ failRate: 1 });
  });
  afterAll(() => sandbox.close());

  it('retries as often as the call says, never more than the client would', async () => {
    const retries: RetryInfo[] = [];
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 4, backoffBaseMs: 1, hooks: { onRetry: (i) => retries.push(i) } });
    await expect(client.getOrder(1001, { maxRetries: 1 })).rejects.toMatchObject({ code: 'internal_error', retries: 1 });
    expect(retries).toHaveLength(1);
    await expect(client.listPage({ maxRetries: 9 })).rejects.toMatchObject({ retries: 4 });
    await expect(client.receive(1001, { maxRetries: 0 })).rejects.toMatchObject({ retries: 0 });
    await client.close();
  });
});

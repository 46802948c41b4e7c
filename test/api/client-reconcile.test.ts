/**
 * Retried writes whose first answer was lost: a loopback proxy forwards the write to the
 * real sandbox and cuts the connection before the answer reaches the client. The client
 * retries, gets 422 invalid_state_transition, re-reads the order and decides.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryInfo } from '../../src/api/client-types.js';
import { ApiError, createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import type { ReviewItem } from '../../src/api/schemas.js';
import { startCuttingProxy, type CuttingProxy } from '../helpers/cutting-proxy.js';
import { KEYS } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let proxy: CuttingProxy;
let client: ReturnsApiClient;
let retries: RetryInfo[];
/** A direct client, to look at the orders afterwards without the proxy. */
let direct: ReturnsApiClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  direct = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
});
afterAll(async () => {
  await direct.close();
  await sandbox.close();
});
beforeEach(async () => {
  proxy = await startCuttingProxy(sandbox.url);
  retries = [];
  client = createClient({
    baseUrl: proxy.url, apiKey: KEYS.north, maxRetries: 2, backoffBaseMs: 1,
    hooks: { onRetry: (info) => retries.push(info) },
  });
});
afterEach(async () => {
  await client.close();
  await proxy.close();
});

const writes = (method: string, pattern: RegExp) =>
  proxy.requests.filter((r) => r.method === method && pattern.test(r.path));

describe('receive', () => {
  it('answer lost after the sandbox received the order: reported as already applied', async () => {
    proxy.cutNext({ method: 'POST', path: /\/receive$/ }, 'after_forward');
    const result = await client.receive(1001);
    expect(result.isAlreadyApplied).toBe(true);
    expect(result.order).toMatchObject({ id: 1001, status: 'received' });
    expect(retries).toMatchObject([{ reason: 'network', attempt: 1 }]);
    // The sandbox saw two receives: the first applied (answer cut), the second refused.
    expect(writes('POST', /\/1001\/receive$/).map((r) => [r.status, r.cut])).toEqual([[200, 'after_forward'], [422, undefined]]);
    expect(await direct.getOrder(1001)).toMatchObject({ status: 'received' });
  });

  it('a lost request on an order in the wrong status stays the 422', async () => {
    proxy.cutNext({ method: 'POST', path: /\/receive$/ }, 'before_forward');
    const error = await client.receive(1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'invalid_state_transition', retries: 1 });
    expect(await direct.getOrder(1000)).toMatchObject({ status: 'pending' });
  });

  it('without a lost answer, a 422 is never reconciled', async () => {
    // 1002 is already received: a plain 422, even though the state "matches".
    await expect(client.receive(1002)).rejects.toMatchObject({ status: 422, code: 'invalid_state_transition', retries: 0 });
  });
});

describe('review', () => {
  // Order 1014 is pending (refund 70028, exchange 70029); 1015 is reviewed with both approved.
  const decisions: ReviewItem[] = [
    { id: 70028, type: 'refund', action: 'reject', reject_reason: 'worn' },
    { id: 70029, type: 'exchange', action: 'keep_item' },
  ];

  it('answer lost after the sandbox applied it: reported as already applied', async () => {
    proxy.cutNext({ method: 'POST', path: /\/review$/ }, 'after_forward');
    const result = await client.review(1014, decisions);
    expect(result.isAlreadyApplied).toBe(true);
    expect(result.order).toMatchObject({ id: 1014, status: 'reviewed' });
    expect(result.order?.refunds?.[0]).toMatchObject({ status: 'rejected', reject_reason: 'worn' });
    expect(result.order?.exchanges?.[0]).toMatchObject({ status: 'kept' });
    expect(writes('POST', /\/1014\/review$/).map((r) => r.status)).toEqual([200, 422]);
  });

  it('an order reviewed otherwise stays the 422', async () => {
    proxy.cutNext({ method: 'POST', path: /\/review$/ }, 'before_forward');
    const other: ReviewItem[] = [
      { id: 70030, type: 'refund', action: 'reject', reject_reason: 'worn' },
      { id: 70031, type: 'exchange', action: 'reject', reject_reason: 'worn' },
    ];
    await expect(client.review(1015, other)).rejects.toMatchObject({ status: 422, code: 'invalid_state_transition', retries: 1 });
    const order = await direct.getOrder(1015);
    expect(order?.refunds?.[0]?.status).toBe('approved');
  });

  it('the same decisions but another reject reason stay the 422', async () => {
    // First apply a review for real, then retry "the same" review with another reason.
    await direct.review(1000, [
      { id: 70000, type: 'refund', action: 'reject', reject_reason: 'damaged' },
      { id: 70001, type: 'exchange', action: 'approve' },
    ]);
    proxy.cutNext({ method: 'POST', path: /\/review$/ }, 'before_forward');
    await expect(
      client.review(1000, [
        { id: 70000, type: 'refund', action: 'reject', reject_reason: 'worn' },
        { id: 70001, type: 'exchange', action: 'approve' },
      ]),
    ).rejects.toMatchObject({ status: 422, code: 'invalid_state_transition' });
  });
});

/**
 * Bulk approve-all in the console against the real sandbox: each marked order is read and
 * gets one review approving every pending item; orders that are no longer pending (or were
 * reviewed by someone else meanwhile) fail without a request; the API agrees.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../../src/api/client/index.js';
import { readAudit } from '../../../src/local/audit-log.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { startTestSandbox } from '../../helpers/sandbox.js';
import { markAll, renderDesk } from './render-desk.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function reviewElsewhere(api: ReturnsApiClient, id: number): Promise<void> {
  const order = (await api.getOrder(id))!;
  await api.review(id, [
    { id: order.refunds![0]!.id, type: 'refund', action: 'reject', reject_reason: 'elsewhere' },
    { id: order.exchanges![0]!.id, type: 'exchange', action: 'approve' },
  ]);
}

describe('bulk approve all', () => {
  it('asks, sends one review per order approving every pending item, and reports the ones no longer pending', async () => {
    // 84 orders per shop: 1000, 1014, 1028, 1042, 1056, 1070 are pending; 1001 is reviewed.
    const sandbox = await startTestSandbox({ fixture: makeFixture(84) });
    const api = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
    cleanups.push(() => sandbox.close(), () => api.close());
    const pending = [1000, 1014, 1028, 1042];
    const ids = [...pending, 1056, 1001];
    const view = renderDesk({ baseUrl: sandbox.url, filters: { ids } });
    cleanups.push(() => view.cleanup());
    await view.waitFor(['#N1056', '#N1001']);
    await markAll(view, ids.length);

    await view.press('A', 'Bulk approve all · 6 orders', 'Approve every pending item of 6 orders, one review each (#N1056, #N1042, #N1028, #N1014, #N1001, … 1 more)?');
    // Someone else reviews 1056 between the question and the answer.
    await reviewElsewhere(api, 1056);
    await view.press('y', 'Bulk approve all finished: 4 ok, 2 failed, 0 not done');
    const frame = view.frame();
    expect(frame).toContain('#N1042 (1042)  ✓ approved, now reviewed');
    expect(frame).toMatch(/#N1056 \(1056\) {2}✗ failed\n {6}No longer pending \(now reviewed\); no review was sent\. \[invalid_state_transition\]/);
    expect(frame).toMatch(/#N1001 \(1001\) {2}✗ failed\n {6}No longer pending \(now reviewed\)/);
    expect(frame).toContain('2 orders failed or not done stay marked: press A on the list to approve them');

    for (const id of pending) {
      const order = (await api.getOrder(id))!;
      expect(order.status).toBe('reviewed');
      expect([...order.refunds!, ...order.exchanges!].map((i) => i.status)).toEqual(['approved', 'approved']);
    }
    // The one reviewed elsewhere keeps that review.
    expect((await api.getOrder(1056))!.refunds![0]).toMatchObject({ status: 'rejected', reject_reason: 'elsewhere' });

    const { entries } = await readAudit(view.stateDir, { limit: 50 });
    const bulk = entries.filter((e) => e.source === 'bulk');
    expect(bulk).toHaveLength(6);
    expect(bulk.find((e) => e.orderId === 1000)).toMatchObject({ action: 'review', outcome: 'ok', decisions: [{ type: 'refund', action: 'approve' }, { type: 'exchange', action: 'approve' }] });
    expect(bulk.find((e) => e.orderId === 1056)).toMatchObject({ action: 'review', outcome: 'failed', code: 'invalid_state_transition' });

    // The list is refreshed and the two failures stay marked.
    await view.press('\u001b', '2 marked');
    await view.waitFor([/#N1000 .*reviewed/]);
  });
});

/**
 * Bulk approve-all in the console against the real sandbox: each marked order is read and
 * gets one review approving every pending item; orders that are no longer pending (or were
 * reviewed by someone else meanwhile) fail without a request; the API agrees.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../../src/api/client/index.js';
import { readAudit } from '../../../src/local/audit-log.js';
import { createDraftStore } from '../../../src/local/drafts.js';
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

    // 1001 is reviewed as the list shows it: left out before the question.
    await view.press('A', 'Bulk approve all · 5 orders', 'Approve every undecided item of 5 orders, one review each (#N1056, #N1042, #N1028, #N1014, #N1000)?');
    expect(view.frame().replace(/\s*│\s*/g, ' ').replace(/ +/g, ' ')).toContain('Left out: #N1001 is already reviewed: nothing to approve.');
    // Someone else reviews 1056 between the question and the answer.
    await reviewElsewhere(api, 1056);
    await view.answer('y', 'Bulk approve all finished: 4 ok, 1 failed, 0 not done');
    const frame = view.frame();
    // The results say whose orders these were, as every screen does.
    expect(frame.split('\n')[0]).toBe(`north @ ${new URL(sandbox.url).host} · Bulk approve all · 5 orders`);
    expect(frame).toContain('#N1042 (1042)  ✓ approved, now reviewed');
    expect(frame).toMatch(/#N1056 \(1056\) {2}✗ failed\n {6}No longer pending \(now reviewed\); no review was sent\. \[invalid_state_transition\]/);
    expect(frame).not.toContain('#N1001 (1001)');
    expect(frame.replace(/\s+/g, ' ')).toContain('Those that did not go through stay marked. 1 order changed status since the list was read: press R to see its status');

    for (const id of pending) {
      const order = (await api.getOrder(id))!;
      expect(order.status).toBe('reviewed');
      expect([...order.refunds!, ...order.exchanges!].map((i) => i.status)).toEqual(['approved', 'approved']);
    }
    // The one reviewed elsewhere keeps that review.
    expect((await api.getOrder(1056))!.refunds![0]).toMatchObject({ status: 'rejected', reject_reason: 'elsewhere' });

    const { entries } = await readAudit(view.stateDir, { limit: 50 });
    const bulk = entries.filter((e) => e.source === 'bulk');
    expect(bulk).toHaveLength(5);
    expect(bulk.find((e) => e.orderId === 1000)).toMatchObject({ action: 'review', outcome: 'ok', decisions: [{ type: 'refund', action: 'approve' }, { type: 'exchange', action: 'approve' }] });
    expect(bulk.find((e) => e.orderId === 1056)).toMatchObject({ action: 'review', outcome: 'failed', code: 'invalid_state_transition' });

    // The list is refreshed; the failure and the order left out stay marked.
    await view.press('\u001b', '2 marked');
    await view.waitFor([/#N1000 .*reviewed/]);
  });

  it("sends an order's saved draft as drafted, says so before and after, and removes drafts of orders no longer pending (logged)", async () => {
    const sandbox = await startTestSandbox({ fixture: makeFixture(84) });
    const api = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
    cleanups.push(() => sandbox.close(), () => api.close());
    const drafted = (await api.getOrder(1014))!;
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-desk-drafts-'));
    const store = createDraftStore({ stateDir, profile: 'north', now: Date.now });
    // Two items of 1014 decided on its order screen (reject + keep), then left: a draft.
    await store.save(1014, [
      { type: 'refund', id: drafted.refunds![0]!.id, action: 'reject', rejectReason: 'Worn' },
    ]);
    // 1001 was reviewed long ago; its draft is stale.
    const reviewed = (await api.getOrder(1001))!;
    await store.save(1001, [{ type: 'refund', id: reviewed.refunds![0]!.id, action: 'approve' }]);
    const ids = [1000, 1014, 1028, 1001];
    const view = renderDesk({ baseUrl: sandbox.url, filters: { ids }, stateDir });
    cleanups.push(() => view.cleanup());
    // The list marks the order with a draft; the stale draft of the reviewed order goes.
    await view.waitFor([/^ {2}✎ +1014 +#N1014/m]);
    await vi.waitFor(() => expect(store.load(1001)).toEqual({ kind: 'none' }));
    await view.waitUntil((f) => !/✎ +1001/.test(f), 'the stale draft marker of 1001 is gone');

    await view.press('*', '4 marked');
    // 1001 (reviewed) is left out before the question.
    await view.press('A', 'Approve every undecided item of 3 orders');
    const flat = (f: string) => f.replace(/[│\s]+/g, ' ');
    await view.waitUntil((f) => flat(f).includes('1 order has a saved draft: its decisions are sent as drafted.'), 'the question counts the drafts');
    await view.answer('y', 'Bulk approve all finished: 3 ok, 0 failed, 0 not done');
    expect(view.frame()).toContain('#N1014 (1014)  ✓ approved (1 decision from its draft), now reviewed');

    // The service has the draft's reject with its reason, and approve for the undecided item.
    const after = (await api.getOrder(1014))!;
    expect(after.refunds![0]).toMatchObject({ status: 'rejected', reject_reason: 'Worn' });
    expect(after.exchanges![0]).toMatchObject({ status: 'approved' });
    expect((await api.getOrder(1000))!.refunds![0]).toMatchObject({ status: 'approved' });
    expect(store.load(1014)).toEqual({ kind: 'none' });

    const { entries } = await readAudit(view.stateDir, { limit: 50 });
    expect(entries.find((e) => e.action === 'draft')).toMatchObject({ orderId: 1001, orderName: '#N1001', outcome: 'discarded', source: 'list', code: 'order_not_pending' });
    expect(entries.find((e) => e.orderId === 1014 && e.action === 'review')).toMatchObject({
      orderName: '#N1014',
      outcome: 'ok',
      decisions: [{ type: 'refund', action: 'reject', reject_reason: 'Worn' }, { type: 'exchange', action: 'approve' }],
    });
    // Reopened, the reviewed order shows no restored draft.
    await view.press('\u001b');
    await view.waitUntil((f) => !f.includes('✎'), 'no draft markers left');
  });
});

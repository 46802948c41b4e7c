import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client/index.js';
import { readAudit } from '../../../src/local/audit-log.js';
import { createDraftStore } from '../../../src/local/drafts.js';
import { loadProfileMemory } from '../../../src/local/profile-memory.js';
import { draftPath } from '../../../src/local/state-paths.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { freshStateDir, renderOrder } from './render-order.js';

// makeFixture(84): order i of a shop (north 1000+i, south 5000+i) is pending when i % 14 == 0
// and reviewed when i % 14 == 1. Each test uses its own orders, so they do not interfere.
let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];
const track = <T extends { cleanup: () => Promise<void> }>(view: T) => (views.push(view), view);
const api = (key: string = KEYS.north) => createClient({ baseUrl: sandbox.url, apiKey: key, maxRetries: 0 });

const HOSTILE_ORDER = 1070;

beforeAll(async () => {
  const fixture = makeFixture(84);
  const hostile = fixture.return_orders.find((o) => o.id === HOSTILE_ORDER)!;
  hostile.cust_first_name = 'Eve\u001b[2J\u001b]52;c;aGFjaw==\u0007';
  hostile.refunds[0]!.title = 'Jacket \u202eevil';
  hostile.refunds[0]!.reason = 'line\nbreak\u001b[31m red';
  sandbox = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

describe('order screen: showing an order', () => {
  it('shows the order fields and its items', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1000 }));
    await view.waitFor('Order #N1000', 'pending', 'First0 Last0 <customer0@shop_north.example>', 'original order 5551000');
    // The title beside the type; the exchange target, SKU line and reason each on a line below.
    await view.waitFor('refund', 'Jacket 0', 'SKU JK-0 · qty 1 · 89.00 EUR', 'reason: too small');
    await view.waitFor('exchange', 'Boots 0', '→ for Boots 0 (43) [B-43]', 'SKU — · qty 2 · 120.50 EUR', 'reason: —');
    expect(view.frame()).toMatch(/▸ refund {3}Jacket 0/);
    expect(view.frame().match(/→ undecided/g)).toHaveLength(2);
  });

  it('makes strings from the service safe before they reach the terminal', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: HOSTILE_ORDER }));
    await view.waitFor('Customer: Eve␛␛', 'Jacket <U+202E>evil', 'reason: line␊break␛ red');
    expect(view.frame()).not.toContain('\u001b]52');
    expect(view.frame()).not.toContain('\u202e');
    expect(view.frame()).not.toContain('\u001b[2J');
  });

  it('says when the service sends no item details (D4)', async () => {
    const { refunds: _r, exchanges: _e, ...bare } = (await api().getOrder(1000))!;
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1000, seed: bare }));
    await view.waitFor('Order #N1000', 'Item details are not available from this service.');
    await view.press('s', 'Nothing to review: this order has no pending items.');
  });

  it('says when an order is not available (another shop\'s, or hidden)', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 5000 }));
    await view.waitFor('Return order 5000 is no longer available');
  });

  it('shows other statuses read-only, saying why a key does nothing', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1002 }));
    await view.waitFor('Order #N1002', 'received', 'nothing to do here (read-only)');
    // The footer says so too: review and receive keys are off, with why (after the keys that work, as far as there is room).
    await view.waitFor('a approve (off: not pending)');
    await view.press('a', 'This order is received: only pending orders are reviewed.');
    await view.press('r', 'Only reviewed orders can be received; this one is received.');
  });
});

describe('order screen: reviewing', () => {
  it('reviews with mixed decisions incl. a reject reason, then the API shows the result', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1014 }));
    await view.waitFor('Order #N1014', 'Jacket 14');
    await view.press('a', '→ approve');
    await view.press('j');
    await view.press('x', 'reason?', 'Presets (↑/↓)');
    await view.press('\r', 'A reason is required to reject');
    await view.press('\u001b[B', '▸ Damaged by customer');
    await view.press('\u001b[B', '▸ Outside return window');
    await view.press('\r', '→ reject', 'reject reason: Outside return window');
    await view.press('s', 'Send the review of #N1014: 1 approve, 1 reject?');
    await view.answer('y', 'Review sent: 1 approve, 1 reject', 'The order is now reviewed.');
    const order = await api().getOrder(1014);
    expect(order?.status).toBe('reviewed');
    expect(order?.refunds?.[0]).toMatchObject({ status: 'approved' });
    expect(order?.exchanges?.[0]).toMatchObject({ status: 'rejected', reject_reason: 'Outside return window' });
    const { entries } = await readAudit(view.stateDir, { limit: 5 });
    expect(entries[0]).toMatchObject({ orderId: 1014, action: 'review', outcome: 'ok', profile: 'north', requestId: expect.any(String) });
    expect(entries[0]?.decisions).toEqual([
      { id: order!.refunds![0]!.id, type: 'refund', action: 'approve' },
      { id: order!.exchanges![0]!.id, type: 'exchange', action: 'reject', reject_reason: 'Outside return window' },
    ]);
    expect(JSON.stringify(entries)).not.toContain(KEYS.north);
  });

  it('refuses to send while an item is undecided, and takes a typed reason', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1000 }));
    await view.waitFor('Jacket 0');
    await view.press('s', 'Not sent: 2 items need attention');
    expect(view.frame().match(/✗ Needs a decision: a approve, x reject, e keep\.\n/g)).toHaveLength(2);
    await view.press('x', 'reason?');
    // A person sees the text before pressing Enter (typed at machine speed with Enter at once, it is a scan).
    await view.press('Worn and ', '> Worn and');
    // Keys bound elsewhere (q quits, ? helps) are plain text in the prompt.
    await view.press('q', '> Worn and q');
    await view.press('\u007f', '> Worn and ');
    await view.press('torn?', '> Worn and torn?');
    await view.press('\r', 'reject reason: Worn and torn?');
    expect(view.frame().match(/✗ Needs a decision: a approve, x reject, e keep\.\n/g)).toHaveLength(1);
    expect(view.onBack).not.toHaveBeenCalled();
    await view.press('\u001b');
    await vi.waitFor(() => expect(view.onBack).toHaveBeenCalledOnce());
    expect((await api().getOrder(1000))?.status).toBe('pending');
  });

  it('shows keep_item_not_allowed on the keep decision, remembers it, and greys keep out next time', async () => {
    const stateDir = freshStateDir();
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 5000, apiKey: KEYS.south, profile: 'south', stateDir }));
    await view.waitFor('Order #S5000');
    await view.press('e', '→ keep');
    await view.press('j');
    await view.press('a', '→ approve');
    await view.press('s', '1 approve, 1 keep?');
    await view.answer('y', 'The service refused keep item', '✗ action: This shop does not have the keep item feature', 'instead. [keep_item_not_allowed]');
    // Nothing typed is lost, and nothing was applied.
    expect(view.frame()).toContain('→ keep');
    expect(view.frame()).toContain('→ approve');
    expect(view.frame()).toMatch(/▸ refund/);
    expect((await api(KEYS.south).getOrder(5000))?.status).toBe('pending');
    expect(loadProfileMemory(stateDir, 'south').keepItemUnsupported).toBeDefined();
    const { entries } = await readAudit(stateDir, { limit: 1 });
    expect(entries[0]).toMatchObject({ orderId: 5000, outcome: 'failed', status: 400, code: 'keep_item_not_allowed' });
    await view.cleanup();

    const next = track(renderOrder({ baseUrl: sandbox.url, orderId: 5014, apiKey: KEYS.south, profile: 'south', stateDir }));
    await next.waitFor('Order #S5014', 'e keep: off for this profile');
    await next.press('e', 'Keep item is off: this shop does not have the keep item feature');
    expect(next.frame()).not.toContain('→ keep');
  });

  it('shows an order reviewed elsewhere meanwhile as no longer pending, and drops its draft', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1028 }));
    await view.waitFor('Order #N1028', 'Jacket 28');
    await view.press('A');
    await view.waitFor('draft saved');
    const order = (await api().getOrder(1028))!;
    await api().review(1028, [
      { id: order.refunds![0]!.id, type: 'refund', action: 'approve' },
      { id: order.exchanges![0]!.id, type: 'exchange', action: 'approve' },
    ]);
    await view.press('s', '2 approve?');
    await view.answer('y', 'This order is no longer pending, now reviewed.');
    // The draft is dropped once the refreshed order (now reviewed) arrives; the write is queued.
    await vi.waitFor(() => expect(createDraftStore({ stateDir: view.stateDir, profile: 'north', now: Date.now }).load(1028)).toEqual({ kind: 'none' }));
    // The activity log has the refused review, then the removed draft with what it held.
    await vi.waitFor(async () => expect((await readAudit(view.stateDir, { limit: 2 })).entries[0]).toMatchObject({ action: 'draft' }), { timeout: 10_000, interval: 50 });
    const { entries } = await readAudit(view.stateDir, { limit: 2 });
    expect(entries[1]).toMatchObject({ orderId: 1028, orderName: '#N1028', outcome: 'failed', status: 422, code: 'invalid_state_transition' });
    expect(entries[0]).toMatchObject({ orderId: 1028, orderName: '#N1028', action: 'draft', outcome: 'discarded', source: 'order', decisions: [{ action: 'approve' }, { action: 'approve' }] });
    expect(view.frame()).toContain('This order is no longer pending, now reviewed.');
  });

  it('never leaves a draft shown as restored once the order turns out reviewed elsewhere: it is discarded, logged and said so', async () => {
    // The order was loaded earlier as pending (cache) and reviewed elsewhere since; R (or
    // the auto-refresh) brings the news.
    const seed = (await api().getOrder(1070))!;
    const stateDir = freshStateDir();
    const store = createDraftStore({ stateDir, profile: 'north', now: Date.now });
    await store.save(1070, [{ type: 'refund', id: seed.refunds![0]!.id, action: 'reject', rejectReason: 'Worn' }]);
    await api().review(1070, [
      { id: seed.refunds![0]!.id, type: 'refund', action: 'approve' },
      { id: seed.exchanges![0]!.id, type: 'exchange', action: 'approve' },
    ]);
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1070, seed, stateDir }));
    await view.waitFor('Draft restored', '→ reject');
    await view.press('R', 'The saved draft of this order was discarded: the order is now reviewed.');
    expect(view.frame()).not.toContain('Draft restored');
    expect(view.frame()).not.toContain('→ reject');
    expect(store.load(1070)).toEqual({ kind: 'none' });
    const { entries } = await readAudit(stateDir, { limit: 5 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ orderId: 1070, action: 'draft', outcome: 'discarded', decisions: [{ action: 'reject', reject_reason: 'Worn' }] });
  });

  it('shows a 404 on review as no longer available, keeping the decisions as a draft', async () => {
    // The order was loaded earlier (as from the list) and has become unreachable since:
    // 5028 belongs to the other shop, so the service answers 404 return_order_not_found.
    const south = (await api(KEYS.south).getOrder(5028))!;
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 5028, seed: south }));
    await view.waitFor('Order #S5028');
    await view.press('A', 'draft saved');
    await view.press('s', '2 approve?');
    await view.answer('y', 'Return order 5028 is no longer available', 'Your decisions were not sent');
    expect(createDraftStore({ stateDir: view.stateDir, profile: 'north', now: Date.now }).load(5028).kind).toBe('found');
    expect((await api(KEYS.south).getOrder(5028))?.status).toBe('pending');
  });
});

describe('order screen: failures that keep every decision', () => {
  it('shows a 5xx as a banner and keeps the decisions and the draft', async () => {
    const failing = await startTestSandbox({ fixture: makeFixture(84), failRate: 1, failStatus: 500 });
    try {
      const seed = (await api().getOrder(1056))!;
      const view = track(renderOrder({ baseUrl: failing.url, orderId: 1056, seed }));
      await view.waitFor('Order #N1056');
      await view.press('x', 'reason?');
      await view.press('Dented', '> Dented');
      await view.press('\r', 'reject reason: Dented');
      await view.press('j');
      await view.press('a', '→ approve', 'draft saved');
      await view.press('s', '1 approve, 1 reject?');
      await view.answer('y', 'Review not confirmed [internal_error] (HTTP 500)', 'Nothing you entered is lost');
      expect(view.frame()).toContain('reject reason: Dented');
      expect(view.frame()).toContain('→ approve');
      expect(createDraftStore({ stateDir: view.stateDir, profile: 'north', now: Date.now }).load(1056).kind).toBe('found');
      const { entries } = await readAudit(view.stateDir, { limit: 1 });
      expect(entries[0]).toMatchObject({ orderId: 1056, outcome: 'failed', status: 500, code: 'internal_error' });
    } finally {
      await failing.close();
    }
  });

  it('shows a network failure as a banner', async () => {
    const seed = (await api().getOrder(1056))!;
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const view = track(renderOrder({ baseUrl: 'http://127.0.0.1:9/public-api/v1', orderId: 1056, seed }));
    await view.waitFor('Order #N1056');
    await view.press('A', '→ approve');
    await view.press('s', '2 approve?');
    await view.answer('y', 'Review not confirmed [network_error]', 'Press R to check the order');
    expect(view.frame().match(/→ approve/g)).toHaveLength(2);
  });
});

describe('order screen: drafts', () => {
  it('restores the decisions of an unfinished review when the order is opened again', async () => {
    const stateDir = freshStateDir();
    const first = track(renderOrder({ baseUrl: sandbox.url, orderId: 1042, stateDir }));
    await first.waitFor('Jacket 42');
    await first.press('x', 'reason?');
    await first.press('Scratched', '> Scratched');
    await first.press('\r', 'reject reason: Scratched', 'draft saved');
    await first.cleanup();

    const second = track(renderOrder({ baseUrl: sandbox.url, orderId: 1042, stateDir }));
    await second.waitFor('Draft restored: 1 decision saved', 'reject reason: Scratched');
    await second.press('j');
    await second.press('a', '→ approve');
    await second.press('s', '1 approve, 1 reject?');
    await second.answer('y', 'Review sent');
    expect(createDraftStore({ stateDir, profile: 'north', now: Date.now }).load(1042)).toEqual({ kind: 'none' });
    expect((await api().getOrder(1042))?.refunds?.[0]).toMatchObject({ status: 'rejected', reject_reason: 'Scratched' });
  });

  it('ignores a corrupt draft with a notice', async () => {
    const stateDir = freshStateDir();
    const path = draftPath(stateDir, 'north', 1056);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{"version":1,"decisions":[{');
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1056, stateDir }));
    await view.waitFor('Jacket 56', 'The saved draft of this order was ignored because it is not valid JSON');
    await view.press('a', '→ approve', 'draft saved');
  });
});

describe('order screen: receiving and read-only', () => {
  it('receives a reviewed order after confirmation', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1001 }));
    await view.waitFor('Order #N1001', 'reviewed', 'press r to mark it received');
    expect(view.frame()).toContain('a approve (off: not pending)');
    expect(view.frame()).not.toContain('receive (off');
    await view.press('r', 'Mark #N1001 as received?');
    await view.press('n');
    await vi.waitFor(() => expect(view.frame()).not.toContain('Mark #N1001 as received?'));
    await view.press('r', 'Mark #N1001 as received?');
    await view.answer('\r', 'Order received.');
    expect(view.frame()).not.toContain('now received'); // the banner does not say it twice
    expect((await api().getOrder(1001))?.status).toBe('received');
    const { entries } = await readAudit(view.stateDir, { limit: 1 });
    expect(entries[0]).toMatchObject({ orderId: 1001, action: 'receive', outcome: 'ok', requestId: expect.any(String) });
  });

  it('disables every mutating key in read-only mode, with the reason', async () => {
    const pending = track(renderOrder({ baseUrl: sandbox.url, orderId: 1056, isReadOnly: true }));
    await pending.waitFor('Order #N1056', 'READ-ONLY');
    await pending.press('a', 'NOTICE: Read-only mode: "a" is off (start without --read-only to change orders).');
    await pending.press('x', 'NOTICE: Read-only mode: "x"');
    await pending.press('A', 'NOTICE: Read-only mode: "A"');
    await pending.press('s', 'NOTICE: Read-only mode: "s"');
    expect(pending.frame()).not.toContain('→ approve');
    expect(pending.frame()).not.toContain('reason?');
    await pending.cleanup();

    const reviewed = track(renderOrder({ baseUrl: sandbox.url, orderId: 1015, isReadOnly: true }));
    await reviewed.waitFor('Order #N1015');
    await reviewed.press('r', 'NOTICE: Read-only mode: "r" is off (start without --read-only to change orders).');
    expect(reviewed.frame()).not.toContain('as received?');
    expect((await api().getOrder(1015))?.status).toBe('reviewed');
    expect((await readAudit(reviewed.stateDir, { limit: 1 })).entries).toEqual([]);
  });
});

describe('order screen: a draft that cannot be saved', () => {
  it('says so in the header, the file system’s words through the sanitizer', async () => {
    // A state directory whose path carries an escape sequence, and a file where the drafts
    // directory belongs: saving fails with a message naming that path.
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-\u001b[31m-'));
    writeFileSync(join(stateDir, 'drafts'), 'not a directory');
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1000, stateDir }));
    await view.waitFor('Order #N1000', 'Jacket 0');
    await view.press('A', 'draft NOT saved');
    expect(view.frame()).not.toContain('\u001b');
    expect(view.frame()).toContain('rc-␛-');
  });
});

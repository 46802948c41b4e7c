import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { initialOrderState, orderReducer, type OrderAction, type OrderContext, type OrderState } from '../../../src/ui/screens/order/order-state.js';
import { KEY_BINDINGS } from '../../../src/ui/keys/bindings.js';
import { placeReviewError } from '../../../src/ui/screens/order/review-errors.js';
import type { ItemRef } from '../../../src/ops/review-model.js';

const items: ItemRef[] = [
  { key: 'refund:1', type: 'refund', id: 1, status: 'pending' },
  { key: 'refund:2', type: 'refund', id: 2, status: 'pending' },
  { key: 'exchange:3', type: 'exchange', id: 3, status: 'pending' },
  { key: 'exchange:4', type: 'exchange', id: 4, status: 'approved' },
];
const ctx: OrderContext = { items, status: 'pending', keepUnsupportedSince: null, presets: ['Damaged by customer', 'Outside return window'] };

// Keys as Ink reports them: only the flags that are set.
const typed = (input: string): OrderAction => ({ type: 'reason-key', input, key: {} as Key });
const erase: OrderAction = { type: 'reason-key', input: '', key: { backspace: true } as Key };

const run = (actions: OrderAction[], context: OrderContext = ctx, from: OrderState = initialOrderState) =>
  actions.reduce((s, a) => orderReducer(s, a, context), from);

describe('order reducer: decisions', () => {
  it('approves, keeps and clears the item under the cursor', () => {
    // Each decision moves on to the next undecided item; the last one leaves the cursor put.
    const s = run([{ type: 'approve' }, { type: 'keep' }, { type: 'approve' }, { type: 'clear' }]);
    expect(s.decisions).toEqual({ 'refund:1': { action: 'approve' }, 'refund:2': { action: 'keep_item' } });
    expect(s.cursor).toBe(2);
  });

  it('moves to the next undecided item after a decision, wrapping to the top, and stays when none is left', () => {
    expect(run([{ type: 'approve' }]).cursor).toBe(1);
    // The middle one first: the next undecided is below, then the top one.
    const middle = run([{ type: 'move', delta: 1 }, { type: 'keep' }]);
    expect(middle.cursor).toBe(2);
    expect(run([{ type: 'approve' }], ctx, middle).cursor).toBe(0);
    const all = run([{ type: 'approve' }, { type: 'approve' }, { type: 'open-reject' }, typed('Torn'), { type: 'reason-apply' }]);
    expect(all.cursor).toBe(2);
    // Moving back and changing a decision skips the decided ones.
    expect(run([{ type: 'approve' }, { type: 'move', delta: -1 }, { type: 'keep' }]).cursor).toBe(1);
  });

  it('keeps the cursor within the items', () => {
    expect(run([{ type: 'move', delta: -3 }]).cursor).toBe(0);
    expect(run([{ type: 'move', delta: 10 }]).cursor).toBe(3);
  });

  it('refuses to decide an item that is no longer pending, saying why', () => {
    const s = run([{ type: 'move', delta: 3 }, { type: 'approve' }]);
    expect(s.decisions).toEqual({});
    expect(s.banner).toMatchObject({ kind: 'message', text: expect.stringContaining('already approved') });
  });

  it('refuses every decision on an order that is not pending', () => {
    const s = run([{ type: 'approve' }, { type: 'approve-all' }, { type: 'submit' }], { ...ctx, status: 'reviewed' });
    expect(s.decisions).toEqual({});
    expect(s.banner).toMatchObject({ text: 'This order is reviewed: only pending orders are reviewed.' });
  });

  it('approve all fills only the undecided pending items', () => {
    const s = run([{ type: 'move', delta: 1 }, { type: 'keep' }, { type: 'approve-all' }]);
    expect(s.decisions).toEqual({ 'refund:1': { action: 'approve' }, 'refund:2': { action: 'keep_item' }, 'exchange:3': { action: 'approve' } });
  });
});

describe('order reducer: reject reason prompt', () => {
  it('takes free text, refusing a blank reason', () => {
    let s = run([{ type: 'open-reject' }, typed('   '), { type: 'reason-apply' }]);
    expect(s.mode).toMatchObject({ kind: 'reason', error: expect.stringContaining('A reason is required') });
    expect(s.decisions).toEqual({});
    s = run([erase, erase, erase, typed('Worn\u001b[31m'), { type: 'reason-apply' }], ctx, s);
    expect(s.mode).toEqual({ kind: 'browse' });
    expect(s.decisions['refund:1']).toEqual({ action: 'reject', rejectReason: 'Worn[31m' });
  });

  it('edits the reason with a cursor, and keeps it within the length limit', () => {
    const left: OrderAction = { type: 'reason-key', input: '', key: { leftArrow: true } as Key };
    const s = run([{ type: 'open-reject' }, typed('Tor'), left, typed('X')]);
    expect(s.mode).toMatchObject({ field: { value: 'ToXr', cursor: 3 } });
    expect(run([typed('y'.repeat(600))], ctx, s).mode).toMatchObject({ field: { value: 'ToXr' } });
  });

  it('picks a preset with the arrows', () => {
    const s = run([{ type: 'open-reject' }, { type: 'reason-preset', delta: 1 }, { type: 'reason-preset', delta: 1 }, { type: 'reason-preset', delta: 1 }]);
    expect(s.mode).toMatchObject({ kind: 'reason', presetIndex: 1, field: { value: 'Outside return window' } });
    expect(run([{ type: 'reason-apply' }], ctx, s).decisions['refund:1']).toEqual({ action: 'reject', rejectReason: 'Outside return window' });
  });

  it('reopens with the current reason, and cancelling keeps the earlier decision', () => {
    let s = run([{ type: 'open-reject' }, typed('Torn'), { type: 'reason-apply' }, { type: 'move', delta: -1 }, { type: 'open-reject' }]);
    expect(s.mode).toMatchObject({ kind: 'reason', field: { value: 'Torn', cursor: 4 } });
    s = run([typed(' badly'), { type: 'reason-cancel' }], ctx, s);
    expect(s.decisions['refund:1']).toEqual({ action: 'reject', rejectReason: 'Torn' });
  });
});

describe('order reducer: submit', () => {
  it('marks undecided items and moves to the first one instead of sending', () => {
    const s = run([{ type: 'move', delta: 1 }, { type: 'approve' }, { type: 'submit' }]);
    expect(s.mode).toEqual({ kind: 'browse' });
    expect(Object.keys(s.problems)).toEqual(['refund:1', 'exchange:3']);
    expect(s.cursor).toBe(0);
    expect(s.banner).toMatchObject({ text: 'Not sent: 2 items need attention (marked below).' });
  });

  it('asks for confirmation with a summary and the one request body', () => {
    const s = run([{ type: 'approve' }, { type: 'open-reject' }, typed('Used'), { type: 'reason-apply' }, { type: 'keep' }, { type: 'submit' }]);
    expect(s.mode).toEqual({
      kind: 'confirm-review',
      summary: '1 approve, 1 reject, 1 keep',
      items: [
        { id: 1, type: 'refund', action: 'approve' },
        { id: 2, type: 'refund', action: 'reject', reject_reason: 'Used' },
        { id: 3, type: 'exchange', action: 'keep_item' },
      ],
    });
    expect(run([{ type: 'confirm-cancel' }], ctx, s).mode).toEqual({ kind: 'browse' });
  });

  it('clears decisions only after a successful review', () => {
    const decided = run([{ type: 'approve-all' }, { type: 'submit' }, { type: 'sending', what: 'review' }]);
    expect(decided.mode).toMatchObject({ kind: 'sending', summary: '3 approve' });
    const ok = run([{ type: 'review-succeeded', summary: '3 approve', status: 'reviewed', isAlreadyApplied: false, requestId: 'req_1' }], ctx, decided);
    expect(ok.decisions).toEqual({});
    expect(ok.banner).toMatchObject({ tone: 'success', text: 'Review sent: 3 approve. The order is now reviewed.', requestId: 'req_1' });
  });
});

describe('order reducer: errors keep every decision', () => {
  const decided = run([{ type: 'approve' }, { type: 'move', delta: 1 }, { type: 'keep' }, { type: 'move', delta: 1 }, { type: 'keep' }]);
  const sent = [
    { id: 1, type: 'refund' as const, action: 'approve' as const },
    { id: 2, type: 'refund' as const, action: 'keep_item' as const },
    { id: 3, type: 'exchange' as const, action: 'keep_item' as const },
  ];

  it('puts keep_item_not_allowed on every keep decision', () => {
    const failure = placeReviewError({ kind: 'validation', status: 400, code: 'keep_item_not_allowed', param: 'items[].action', message: 'Item 2: keep_item is not enabled', requestId: 'req_9' }, sent);
    const s = run([{ type: 'move', delta: -5 }, { type: 'write-failed', failure }], ctx, decided);
    expect(s.decisions).toEqual(decided.decisions);
    expect(Object.keys(s.problems)).toEqual(['refund:2', 'exchange:3']);
    expect(s.problems['refund:2']).toMatchObject({ code: 'keep_item_not_allowed', field: 'action' });
    expect(s.cursor).toBe(1);
    expect(s.banner).toMatchObject({ tone: 'error', requestId: 'req_9', text: expect.stringContaining('does not have the feature') });
  });

  it('puts an item code on the item the message names', () => {
    const failure = placeReviewError({ kind: 'validation', status: 400, code: 'item_not_found', param: 'items[].id', message: 'Item 3 is not a pending exchange of this return order.' }, sent);
    const s = run([{ type: 'write-failed', failure }], ctx, decided);
    expect(s.problems).toEqual({ 'exchange:3': { code: 'item_not_found', field: 'id', message: expect.stringContaining('Item 3') } });
    expect(s.decisions).toEqual(decided.decisions);
  });

  it('shows 422, 404 and network failures as banners, decisions untouched', () => {
    const cases = [
      [{ kind: 'state' as const, status: 422, code: 'invalid_state_transition', message: 'not pending' }, { kind: 'not-pending' }],
      [{ kind: 'resource' as const, status: 404, code: 'return_order_not_found', message: 'gone' }, { kind: 'gone' }],
      [{ kind: 'network' as const, code: 'network_error', message: 'ECONNREFUSED' }, { kind: 'message', tone: 'error', text: 'Review not confirmed [network_error]' }],
      [{ kind: 'api' as const, status: 500, code: 'internal_error', message: 'boom' }, { kind: 'message', tone: 'error', text: 'Review not confirmed [internal_error] (HTTP 500)' }],
    ] as const;
    for (const [error, banner] of cases) {
      const s = run([{ type: 'write-failed', failure: placeReviewError(error, sent) }], ctx, decided);
      expect(s.banner).toMatchObject(banner);
      expect(s.decisions).toEqual(decided.decisions);
    }
  });

  it('greys keep out once the shop is known to lack it, with the reason; a second press keeps anyway', () => {
    const noKeep = { ...ctx, keepUnsupportedSince: '2026-11-05T12:00:00.000Z' };
    const once = run([{ type: 'keep' }], noKeep);
    expect(once.decisions).toEqual({});
    expect(once.banner).toMatchObject({ tone: 'warning', text: expect.stringContaining('Keep item is off') });
    expect(run([{ type: 'keep' }], noKeep, once).decisions).toEqual({ 'refund:1': { action: 'keep_item' } });
    expect(run([{ type: 'move', delta: 1 }, { type: 'keep' }], noKeep, once).decisions).toEqual({});
  });
});

describe('order reducer: receive and drafts', () => {
  it('asks before receiving, and only reviewed orders', () => {
    expect(run([{ type: 'request-receive' }]).banner).toMatchObject({ text: 'Only reviewed orders can be received; this one is pending.' });
    expect(run([{ type: 'request-receive' }], { ...ctx, status: 'reviewed' }).mode).toEqual({ kind: 'confirm-receive' });
  });

  it('restores a draft and only then allows saving', () => {
    expect(initialOrderState.isDraftSettled).toBe(false);
    const s = run([{ type: 'draft-restored', decisions: { 'refund:1': { action: 'approve' } }, count: 1, savedAt: '2026-11-05T12:00:00.000Z' }]);
    expect(s.isDraftSettled).toBe(true);
    expect(s.decisions).toEqual({ 'refund:1': { action: 'approve' } });
    expect(s.banner).toMatchObject({ text: 'Draft restored: 1 decision saved 2026-11-05 12:00 UTC.' });
  });
});

/** The order keys that are off for an order in `status`, with the footer's words why (their bindings' disabledReason). */
const unavailableOrderActions = (status: string | null, isKeepOff = false) =>
  new Map(
    KEY_BINDINGS.filter((b) => b.scope === 'order').flatMap((b) => {
      const off = b.disabledReason?.({ status, keepUnsupportedSince: isKeepOff ? '2026-11-01T00:00:00.000Z' : null });
      return off ? [[b.action, off.short] as const] : [];
    }),
  );

describe("the order keys' disabledReason", () => {
  it('turns off review keys unless pending, and receive unless reviewed', () => {
    expect(unavailableOrderActions('pending')).toEqual(new Map([['receive', 'not reviewed']]));
    const reviewed = unavailableOrderActions('reviewed');
    expect([...reviewed.keys()]).toEqual(['approve', 'reject', 'keep', 'approve-all', 'clear-decision', 'submit']);
    expect(reviewed.get('submit')).toBe('not pending');
    expect(unavailableOrderActions('received').get('receive')).toBe('not reviewed');
    expect(unavailableOrderActions(null).get('approve')).toBe('loading');
  });

  it('turns off every key that changes the order for a status this version does not know, saying so', () => {
    const off = unavailableOrderActions('refund_hold');
    expect([...off.keys()]).toEqual(['approve', 'reject', 'keep', 'approve-all', 'clear-decision', 'submit', 'receive']);
    expect(new Set(off.values())).toEqual(new Set(['unknown status']));
  });

  it('dims keep when the shop lacks the keep item feature', () => {
    expect(unavailableOrderActions('pending', true).get('keep')).toBe('shop lacks it');
    expect(unavailableOrderActions('pending', false).has('keep')).toBe(false);
  });
});

describe('an order with a status this version does not know', () => {
  const unknown: OrderContext = { ...ctx, status: 'refund_hold\u001b[31m' };
  it.each<OrderAction['type']>(['approve', 'keep', 'open-reject', 'clear', 'approve-all', 'submit', 'request-receive'])('%s only explains, sanitized', (type) => {
    const s = orderReducer(initialOrderState, { type } as OrderAction, unknown);
    expect(s.mode).toEqual({ kind: 'browse' });
    expect(s.decisions).toEqual({});
    expect(s.banner).toEqual({ kind: 'message', tone: 'warning', text: 'Unknown status "refund_hold␛": read-only in this version (a newer returns-console may know it).' });
  });
});

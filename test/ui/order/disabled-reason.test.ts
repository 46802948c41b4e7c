/**
 * One home for "which keys are off for an order": every order binding's disabledReason, over
 * generated orders (statuses, known and not, item statuses and decisions, keep refused or
 * not). The footer marks a key off exactly when its reason is set, in the reason's words, and
 * the reducer refuses the key exactly then, showing the reason; otherwise the key acts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_ORDER_STATUSES } from '../../../src/api/schemas.js';
import { chooseFooter, footerHints } from '../../../src/ui/components/key-hints.js';
import { KEY_BINDINGS, type KeyBinding } from '../../../src/ui/keys/bindings.js';
import { helpLines } from '../../../src/ui/components/help-lines.js';
import { itemKey, type Decision, type ItemRef } from '../../../src/ops/review-model.js';
import { ORDER_KEY_ACTIONS } from '../../../src/ui/screens/order/order-keys.js';
import { initialOrderState, orderReducer, type OrderContext, type OrderState } from '../../../src/ui/screens/order/order-state.js';
import { propertyRuns } from '../../helpers/property-runs.js';

const ORDER_BINDINGS: readonly KeyBinding[] = KEY_BINDINGS.filter((b) => b.scope === 'order');
const ITEM_STATUSES = ['pending', 'approved', 'rejected', 'kept'] as const;
const DECISIONS: readonly (Decision | undefined)[] = [undefined, { action: 'approve' }, { action: 'keep_item' }, { action: 'reject', rejectReason: 'Worn' }, { action: 'reject', rejectReason: '' }];

const order = fc
  .record({
    status: fc.oneof(fc.constantFrom<string | null>(...RETURN_ORDER_STATUSES, null, 'refund_hold'), fc.string({ maxLength: 12 })),
    keepRefused: fc.boolean(),
    items: fc.array(fc.record({ status: fc.constantFrom(...ITEM_STATUSES), decision: fc.constantFrom(...DECISIONS) }), { maxLength: 6 }),
    cursor: fc.nat({ max: 5 }),
  })
  .map(({ status, keepRefused, items, cursor }) => {
    const refs: ItemRef[] = items.map((item, i) => ({ key: itemKey('refund', i + 1), type: 'refund', id: i + 1, status: item.status }));
    const decisions: Partial<Record<string, Decision>> = {};
    items.forEach((item, i) => {
      if (item.decision && item.status === 'pending') decisions[refs[i]!.key] = item.decision;
    });
    const ctx: OrderContext = { items: refs, status, keepUnsupportedSince: keepRefused ? '2026-11-01T09:00:00.000Z' : null, presets: [] };
    const state: OrderState = { ...initialOrderState, isDraftSettled: true, decisions, cursor: Math.min(cursor, Math.max(0, refs.length - 1)) };
    return { ctx, state };
  });

describe('each order key carries its disabledReason', () => {
  it('the footer and the help mark a key off iff its reason is set; the reducer refuses it iff so, showing the reason', () => {
    const runs = propertyRuns('disabled reasons', 400);
    fc.assert(
      fc.property(order, ({ ctx, state }) => {
        const hints = footerHints('order', false, { keyState: ctx }, KEY_BINDINGS);
        const footer = chooseFooter(hints, 400).flat();
        const help = helpLines(['order'], false, KEY_BINDINGS, ctx);
        for (const binding of ORDER_BINDINGS) {
          const off = binding.disabledReason?.(ctx);
          const hint = hints.find((h) => h.binding === binding);
          if (hint) {
            expect(hint.offWhy).toBe(off?.short);
            expect(footer.find((h) => h.binding === binding)?.words.includes('(off: ')).toBe(off !== undefined);
          }
          const line = help.find((l) => l.text.startsWith(binding.description));
          expect(line?.text.includes('off: ')).toBe(off !== undefined);

          const action = ORDER_KEY_ACTIONS[binding.action];
          if (!action) continue;
          const next = orderReducer(state, action, ctx);
          const ref = ctx.items[state.cursor];
          if (off && !off.isOverridable) {
            expect(next).toEqual({ ...state, banner: { kind: 'message', tone: 'warning', text: off.text } });
            continue;
          }
          if (off?.isOverridable) {
            // Keep on a shop that refused it: the first press on an item says why, the second keeps.
            expect(next.decisions).toEqual(state.decisions);
            if (ref?.status === 'pending') {
              expect(next.banner).toEqual({ kind: 'message', tone: 'warning', text: off.text });
              expect(orderReducer(next, action, ctx).decisions[ref.key]).toEqual({ action: 'keep_item' });
            }
            continue;
          }
          expectActed(binding.action, state, next, ctx);
        }
      }),
      runs,
    );
  });
});

/** The key's own work was done: what each key does, or an item-level refusal of an item that is not pending. */
function expectActed(action: KeyBinding['action'], state: OrderState, next: OrderState, ctx: OrderContext): void {
  const ref = ctx.items[state.cursor];
  const isItemKey = ['approve', 'keep', 'reject', 'clear-decision'].includes(action);
  if (isItemKey && ref?.status !== 'pending') {
    expect(next.decisions).toEqual(state.decisions);
    expect(next.banner?.kind === 'message' && next.banner.text).toMatch(ref ? /only pending items are decided/ : /no items to decide/);
    return;
  }
  switch (action) {
    case 'approve':
      return expect(next.decisions[ref!.key]).toEqual({ action: 'approve' });
    case 'keep':
      return expect(next.decisions[ref!.key]).toEqual({ action: 'keep_item' });
    case 'reject':
      return expect(next.mode).toMatchObject({ kind: 'reason', key: ref!.key });
    case 'clear-decision':
      return expect(next.decisions[ref!.key]).toBeUndefined();
    case 'approve-all':
      for (const item of ctx.items) if (item.status === 'pending') expect(next.decisions[item.key]).toBeDefined();
      return;
    case 'submit':
      // Checked: to the question, or the banner says what stops it (items marked, or none pending).
      if (next.mode.kind === 'confirm-review') return;
      return expect(next.banner?.kind === 'message' && next.banner.text).toMatch(/^(Not sent: .* \(marked below\)|Nothing to review)/);
    case 'receive':
      return expect(next.mode).toEqual({ kind: 'confirm-receive' });
    default:
      return expect(next.banner).toBe(state.banner);
  }
}

/**
 * An order with 20,000 items stays responsive: the screen wraps only the items a frame
 * shows (not every item on every frame), and approve-all decides all 20,000 in one pass.
 * Work is counted (calls that wrap an item's text), not timed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDraftStore } from '../../../src/local/drafts.js';
import { makeFixture } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { renderOrder } from './render-order.js';

const ITEMS = 20_000;
const wrapped = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../../src/ui/screens/order/item-lines.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/ui/screens/order/item-lines.js')>();
  return {
    ...actual,
    itemLines: (...args: Parameters<typeof actual.itemLines>) => {
      wrapped.calls++;
      return actual.itemLines(...args);
    },
  };
});

let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];

beforeAll(async () => {
  const fixture = makeFixture(28);
  const order = fixture.return_orders.find((o) => o.id === 1000)!; // pending
  order.exchanges = [];
  order.refunds = Array.from({ length: ITEMS }, (_, i) => ({
    id: 900_000 + i, status: 'pending' as const, title: `Item ${i}`, sku: `SKU-${i}`, quantity: 1, price: '9.90', reason: 'too small',
  }));
  sandbox = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

describe('order screen: an order with 20,000 items', { timeout: 120_000 }, () => {
  it('opens and approves all in a bounded number of item layouts, every item decided', async () => {
    const view = renderOrder({ baseUrl: sandbox.url, orderId: 1000 });
    views.push(view);
    await vi.waitFor(() => expect(view.frame()).toContain('Item 0'), { timeout: 60_000, interval: 50 });
    await view.press('A');
    await vi.waitFor(() => expect(view.frame()).toContain('draft saved'), { timeout: 60_000, interval: 50 });
    expect(view.frame()).toMatch(/Item 0\s.*→ approve/);
    const draft = createDraftStore({ stateDir: view.stateDir, profile: 'north', now: Date.now }).load(1000);
    expect(draft.kind === 'found' && draft.draft.decisions.filter((d) => d.action === 'approve').length).toBe(ITEMS);
    // A frame wraps the items on screen (a few dozen); wrapping every item once is already 20,000.
    expect(wrapped.calls).toBeGreaterThan(0);
    expect(wrapped.calls).toBeLessThan(ITEMS / 4);
  });
});

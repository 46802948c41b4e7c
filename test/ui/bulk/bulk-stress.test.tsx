/**
 * Bulk runs in the console against a sandbox with a low rate limit (hit on purpose) and
 * injected failures: every order ends with exactly one outcome, none is applied twice
 * (counted from the sandbox's own request log and read back through the API), and the run
 * survives a terminal resize, a list refresh and a "quit?" answered no.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../../src/api/client/index.js';
import { readAudit } from '../../../src/local/audit-log.js';
import { orderKeys } from '../../../src/ui/queries/query-keys.js';
import { bulkIds, makeBulkFixture } from '../../helpers/bulk-fixture.js';
import { KEYS, makeFixture, type Fixture } from '../../helpers/fixture.js';
import { startTestSandbox } from '../../helpers/sandbox.js';
import { markAll, renderDesk, resize, type DeskView } from './render-desk.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A sandbox with --rate-limit 5 and --fail-rate 0.3 whose request log is kept. */
async function start(fixture: Fixture) {
  const log: string[] = [];
  const sandbox = await startTestSandbox({ fixture, rateLimit: 5, failRate: 0.3, quiet: false, log: (line) => log.push(line) });
  // The checking client talks to the same sandbox, with enough retries to get past injected failures.
  const api = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 20, backoffBaseMs: 20 });
  cleanups.push(() => sandbox.close(), () => api.close());
  return { sandbox, api, log };
}

/** Answers per order id to `POST …/{id}/<op>`, from the sandbox's request log. */
function answers(log: readonly string[], op: 'receive' | 'review'): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const line of log) {
    const m = new RegExp(`^POST \\S*/return_orders/(\\d+)/${op} (\\d{3}) `).exec(line);
    if (m) out.set(Number(m[1]), [...(out.get(Number(m[1])) ?? []), Number(m[2])]);
  }
  return out;
}

/** Outcome words per order, from the results panel (scrolled through to the end). */
async function resultsByOrder(view: DeskView, count: number): Promise<Map<number, string>> {
  const seen = new Map<number, string>();
  for (let guard = 0; guard < count + 5 && seen.size < count; guard++) {
    for (const m of view.frame().matchAll(/\((\d+)\) {2}(✓ \w+(?: applied)?|✗ failed|– not done)/g)) seen.set(Number(m[1]), m[2]!);
    view.stdin.write('\u001b[6~');
    await new Promise((r) => setTimeout(r, 30));
  }
  return seen;
}

async function statuses(api: ReturnsApiClient, ids: readonly number[]) {
  const page = await api.listPage({ filters: { ids: [...ids] }, limit: 100 });
  return new Map(page.data.map((o) => [o.id, o]));
}

describe('bulk runs against --rate-limit 5 and --fail-rate 0.3', () => {
  it('receive: one outcome per order, none applied twice, through a resize, a refresh and a declined quit', async () => {
    const { sandbox, api, log } = await start(makeBulkFixture(30));
    const ids = bulkIds(30);
    // Newest first: the 30 bulk orders come before makeFixture's two reviewed ones.
    const view = renderDesk({ baseUrl: sandbox.url, filters: { statuses: ['reviewed'] }, maxRetries: 8, backoffBaseMs: 5, rows: 42 });
    cleanups.push(() => view.cleanup());
    await view.waitFor(['#B100029', '#B100000'], 30_000);
    await markAll(view, ids.length);
    await view.press('r', 'Mark 30 orders received');
    await view.answer('y', /\d+\/30 done/);

    // The terminal shrinks and the list is refreshed while the run goes on.
    resize(view.stdout, 80, 24);
    void view.queryClient.invalidateQueries({ queryKey: orderKeys.all });
    await view.waitFor(['Bulk receive · 30 orders', /\d+\/30 done/]);
    await view.answer('q', 'Stop it and quit?');
    await view.press('n', 'Esc stop');
    resize(view.stdout, 120, 42);
    await view.waitFor([/Bulk receive finished: \d+ ok/], 90_000);

    const results = await resultsByOrder(view, 30);
    expect([...results.keys()].sort()).toEqual([...ids].sort());
    const sent = answers(log, 'receive');
    const after = await statuses(api, ids);
    for (const id of ids) {
      const applied = (sent.get(id) ?? []).filter((s) => s === 200).length;
      expect(applied, `order ${id} applied ${applied} times`).toBeLessThanOrEqual(1);
      // Injected failures happen before any change: ok ⇔ one 200 ⇔ received now.
      expect(results.get(id) === '✓ received', `order ${id}: ${results.get(id)}`).toBe(applied === 1);
      expect(after.get(id)?.status).toBe(applied === 1 ? 'received' : 'reviewed');
    }
    // The limit was hit, and injected failures were retried.
    expect(log.some((l) => / 429 /.test(l))).toBe(true);
    expect(log.some((l) => /\/receive 500 /.test(l))).toBe(true);
    const { entries } = await readAudit(view.stateDir, { limit: 100 });
    expect(entries.filter((e) => e.source === 'bulk')).toHaveLength(30);
  }, 120_000);

  it('approve all: one outcome per order, one review at most per order, every item approved', async () => {
    // 280 orders per shop: north ids 1000 + 14k (k < 20) are pending.
    const { sandbox, api, log } = await start(makeFixture(280));
    const ids = Array.from({ length: 20 }, (_, k) => 1000 + 14 * k);
    const view = renderDesk({ baseUrl: sandbox.url, filters: { statuses: ['pending'] }, maxRetries: 8, backoffBaseMs: 5, rows: 42 });
    cleanups.push(() => view.cleanup());
    await view.waitFor(['#N1266', '#N1000'], 30_000);
    await markAll(view, ids.length);
    await view.press('A', 'Approve every undecided item of 20 orders');
    await view.answer('y', /\d+\/20 done/);
    await view.waitFor([/Bulk approve all finished: \d+ ok/], 90_000);

    const results = await resultsByOrder(view, 20);
    expect([...results.keys()].sort()).toEqual([...ids].sort());
    const sent = answers(log, 'review');
    const after = await statuses(api, ids);
    for (const id of ids) {
      const applied = (sent.get(id) ?? []).filter((s) => s === 200).length;
      expect(applied).toBeLessThanOrEqual(1);
      expect(results.get(id) === '✓ approved', `order ${id}: ${results.get(id)}`).toBe(applied === 1);
      const order = after.get(id)!;
      if (applied === 1) {
        expect(order.status).toBe('reviewed');
        expect([...order.refunds!, ...order.exchanges!].every((i) => i.status === 'approved')).toBe(true);
      } else {
        expect(order.status).toBe('pending');
      }
    }
    expect(log.some((l) => / 429 /.test(l))).toBe(true);
  }, 120_000);
});

/**
 * The bulk queue against the real sandbox: every item ends in exactly one outcome, no
 * write is applied twice (checked through the interface afterwards and by counting the
 * requests that reached the sandbox), 429s are retried once by the client at the queue's
 * pace, and a stop leaves exactly the reported items undone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runBulk, type BulkOutcome } from '../../src/api/bulk/index.js';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import type { WriteResult } from '../../src/api/client-types.js';
import type { ReviewItem } from '../../src/api/schemas.js';
import { bulkIds, makeBulkFixture } from '../helpers/bulk-fixture.js';
import { startCuttingProxy, type CuttingProxy } from '../helpers/cutting-proxy.js';
import { KEYS } from '../helpers/fixture.js';
import { startTestSandbox } from '../helpers/sandbox.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(options: Parameters<typeof startTestSandbox>[0]) {
  const sandbox = await startTestSandbox(options);
  // A proxy that cuts nothing: it counts what reaches the sandbox.
  const proxy = await startCuttingProxy(sandbox.url);
  const client = createClient({ baseUrl: proxy.url, apiKey: KEYS.north, maxRetries: 8, backoffBaseMs: 20 });
  const direct = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
  cleanups.push(() => sandbox.close(), () => proxy.close(), () => client.close(), () => direct.close());
  return { sandbox, proxy, client, direct };
}

async function statuses(client: ReturnsApiClient, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 100) {
    const page = await client.listPage({ filters: { ids: ids.slice(i, i + 100) }, limit: 100 });
    for (const o of page.data) out.set(o.id, o.status);
  }
  return out;
}

/** 200 answers per order id for receive requests that reached the sandbox. */
function appliedReceives(proxy: CuttingProxy): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of proxy.requests) {
    const m = /\/return_orders\/(\d+)\/receive$/.exec(r.path);
    if (m && r.status === 200) out.set(Number(m[1]), (out.get(Number(m[1])) ?? 0) + 1);
  }
  return out;
}

describe('bulk receives', () => {
  it('against --rate-limit 10: all received once, 429s retried once each at the shared pace', async () => {
    const { proxy, client, direct } = await setup({ rateLimit: 10, fixture: makeBulkFixture(40) });
    const ids = bulkIds(40);
    const outcomeCount = new Map<number, number>();
    // A guessed limit of 40/s, four times the real one: the run must trip the limit and adapt.
    const report = await runBulk(ids, (id, call) => client.receive(id, call), {
      concurrency: 8,
      ratePerSecond: 40,
      onOutcome: (o) => outcomeCount.set(o.item, (outcomeCount.get(o.item) ?? 0) + 1),
    });
    expect(report.counts).toMatchObject({ total: 40, ok: 40, failed: 0, skipped: 0, alreadyApplied: 0 });
    expect([...outcomeCount.values()]).toEqual(Array(40).fill(1));
    expect([...appliedReceives(proxy).values()]).toEqual(Array(40).fill(1));
    expect([...(await statuses(direct, ids)).values()]).toEqual(Array(40).fill('received'));
    // Every 429 the sandbox sent was seen by the queue's limiter, and retried exactly once.
    const refused = proxy.requests.filter((r) => r.status === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(report.rateLimited).toBe(refused);
    expect(proxy.requests.length).toBe(40 + refused);
  });

  it('with failures mixed in (--fail-rate, wrong status, other shop): one outcome each, with the code', async () => {
    const { proxy, client, direct } = await setup({ failRate: 0.2, rateLimit: 0, fixture: makeBulkFixture(20) });
    const ids = [...bulkIds(20), 1000, 5001, 999_999];
    const report = await runBulk(ids, (id, call) => client.receive(id, call), { concurrency: 4 });
    const byId = new Map(report.outcomes.map((o) => [o.item, o]));
    expect(report.outcomes).toHaveLength(23);
    expect(report.counts).toMatchObject({ ok: 20, failed: 3, skipped: 0 });
    const code = (id: number) => (byId.get(id) as Extract<BulkOutcome<number, WriteResult>, { status: 'failed' }>).error.code;
    expect([code(1000), code(5001), code(999_999)]).toEqual(['invalid_state_transition', 'return_order_not_found', 'return_order_not_found']);
    expect([...appliedReceives(proxy).values()]).toEqual(Array(20).fill(1));
    expect([...(await statuses(direct, bulkIds(20))).values()]).toEqual(Array(20).fill('received'));
  });

  it('answers lost on the way back: reconciled as already applied, still applied once', async () => {
    const { proxy, client, direct } = await setup({ rateLimit: 0, fixture: makeBulkFixture(12) });
    const ids = bulkIds(12);
    for (const id of [ids[2], ids[5], ids[9]]) proxy.cutNext({ method: 'POST', path: new RegExp(`/${id}/receive$`) }, 'after_forward');
    const report = await runBulk(ids, (id, call) => client.receive(id, call), { concurrency: 4 });
    expect(report.counts).toMatchObject({ ok: 12, alreadyApplied: 3, failed: 0 });
    expect(report.outcomes.filter((o) => o.status === 'ok' && o.isAlreadyApplied).map((o) => o.item)).toEqual([ids[2], ids[5], ids[9]]);
    expect([...appliedReceives(proxy).values()]).toEqual(Array(12).fill(1));
    expect([...(await statuses(direct, ids)).values()]).toEqual(Array(12).fill('received'));
  });

  it('stopped mid-run: in-flight ones finish, the rest are not sent, and the report says which', async () => {
    const { proxy, client, direct } = await setup({ rateLimit: 0, fixture: makeBulkFixture(60) });
    const ids = bulkIds(60);
    const stop = new AbortController();
    let done = 0;
    const report = await runBulk(ids, (id, call) => client.receive(id, call), {
      concurrency: 3,
      ratePerSecond: 40,
      signal: stop.signal,
      onOutcome: () => {
        done += 1;
        if (done === 10) stop.abort();
      },
    });
    expect(report.isStopped).toBe(true);
    expect(report.counts.failed).toBe(0);
    expect(report.counts.ok).toBeGreaterThanOrEqual(10);
    expect(report.counts.ok + report.counts.skipped).toBe(60);
    const after = await statuses(direct, ids);
    for (const o of report.outcomes) {
      expect(after.get(o.item)).toBe(o.status === 'ok' ? 'received' : 'reviewed');
    }
    // Nothing reported as not done reached the sandbox.
    const sent = appliedReceives(proxy);
    for (const o of report.outcomes) expect(sent.get(o.item) ?? 0).toBe(o.status === 'ok' ? 1 : 0);
  });
});

describe('bulk reviews (approve every pending item)', () => {
  it('reads each order, then reviews it in one request, through the same queue', async () => {
    const { client, direct } = await setup({ rateLimit: 0 });
    const pending = [1000, 1014];
    const report = await runBulk(
      [...pending, 1001],
      async (id, call) => {
        const order = await client.getOrder(id, call);
        const items: ReviewItem[] = [
          ...(order?.refunds ?? []).filter((i) => i.status === 'pending').map((i) => ({ id: i.id, type: 'refund' as const, action: 'approve' as const })),
          ...(order?.exchanges ?? []).filter((i) => i.status === 'pending').map((i) => ({ id: i.id, type: 'exchange' as const, action: 'approve' as const })),
        ];
        return client.review(id, items, call);
      },
      { concurrency: 2 },
    );
    expect(report.outcomes.map((o) => o.status)).toEqual(['ok', 'ok', 'failed']);
    expect((await statuses(direct, pending)).get(1000)).toBe('reviewed');
    expect((await direct.getOrder(1014))?.refunds?.[0]?.status).toBe('approved');
  });
});

/**
 * Bulk receive in the console against the real sandbox: the question with the count, the
 * progress, Esc to stop, the results panel with one outcome per order, marks settled, the
 * list refreshed, every outcome in the activity log, and the API agreeing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client/index.js';
import { readAudit } from '../../../src/local/audit-log.js';
import { bulkIds, makeBulkFixture } from '../../helpers/bulk-fixture.js';
import { KEYS } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { markAll, renderDesk, type DeskView } from './render-desk.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function start(options: Parameters<typeof startTestSandbox>[0]) {
  const sandbox = await startTestSandbox(options);
  const api = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
  cleanups.push(() => sandbox.close(), () => api.close());
  return { sandbox, api };
}

function open(sandbox: TestSandbox, ids: readonly number[], extra: Partial<Parameters<typeof renderDesk>[0]> = {}): DeskView {
  const view = renderDesk({ baseUrl: sandbox.url, filters: { ids: [...ids] }, ...extra });
  cleanups.push(() => view.cleanup());
  return view;
}

async function statusOf(api: ReturnType<typeof createClient>, ids: readonly number[]): Promise<Map<number, string>> {
  const page = await api.listPage({ filters: { ids: [...ids] }, limit: 100 });
  return new Map(page.data.map((o) => [o.id, o.status]));
}

describe('bulk receive', () => {
  it('asks with the count, receives the marked orders, reports each outcome (incl. failures) and settles the marks', async () => {
    const { sandbox, api } = await start({ fixture: makeBulkFixture(6) });
    const reviewed = bulkIds(6);
    // 1000 is pending (wrong status); 100005 is received by another client before the run.
    const ids = [...reviewed, 1000];
    const view = open(sandbox, ids);
    await view.waitFor(['#B100005', '#N1000']);
    await markAll(view, ids.length);

    // 1000 is pending as the list shows it: left out before the question, with the step that can succeed.
    await view.press('r', 'Mark 6 orders received (#B100005, #B100004, #B100003, #B100002, #B100001, … 1 more)? Left out: #N1000 is not');
    expect(view.frame().replace(/\s*│\s*/g, ' ').replace(/ +/g, ' ')).toContain('Left out: #N1000 is not reviewed yet: review it first (Enter opens an order).');
    await view.press('n', '7 marked');
    expect((await statusOf(api, reviewed)).get(100000)).toBe('reviewed');

    await api.receive(100005);
    await view.press('r', 'Mark 6 orders received');
    await view.answer('y', 'Bulk receive finished: 5 ok, 1 failed, 0 not done');
    const frame = view.frame();
    expect(frame).toMatch(/#B100000 \(100000\) {2}✓ received\n/);
    expect(frame).not.toContain('now received');
    expect(frame).toMatch(/#B100005 \(100005\) {2}✗ failed \(HTTP 422, request \S+\)\n {6}Return order 100005 is received.* \[invalid_state_transition\]/);
    // Received elsewhere after the list was read: the step that can succeed is a refresh, not another receive.
    expect(frame.replace(/\s+/g, ' ')).toContain('5 orders that went through are unmarked. Those that did not go through stay marked. 1 order changed status since the list was read: press R to see its status');
    expect(frame).not.toContain('receive it again');

    // The API agrees: each reviewed order received once; the pending one untouched (never sent).
    const after = await statusOf(api, ids);
    for (const id of reviewed) expect(after.get(id)).toBe('received');
    expect(after.get(1000)).toBe('pending');

    // Every outcome is in the activity log, once.
    const { entries } = await readAudit(view.stateDir, { limit: 100 });
    expect(entries.filter((e) => e.source === 'bulk').map((e) => `${e.orderId}:${e.outcome}`).sort()).toEqual(
      [...reviewed.slice(0, 5).map((id) => `${id}:ok`), '100005:failed'].sort(),
    );

    // Closing shows the refreshed list with the failed one and the one left out still marked.
    await view.press('\r', '2 marked');
    await view.waitFor([/#B100000 .*received/]);
  });

  it('stops on Esc: requests in flight finish, the rest are reported not done and nothing is applied twice', async () => {
    // Slow answers keep the run going long enough to stop it.
    const { sandbox, api } = await start({ fixture: makeBulkFixture(12), latencyMs: 250 });
    const ids = bulkIds(12);
    const view = open(sandbox, ids);
    await view.waitFor(['#B100011']);
    await markAll(view, ids.length);
    await view.press('r', 'Mark 12 orders received');
    await view.answer('y', 'Bulk receive · 12 orders', /\d+\/12 done · \d+ ok · \d+ failed · ([\d.]+ orders\/s|rate –) · ETA/);
    await view.press('\u001b', 'Stopping: no new requests');
    await view.waitFor([/Bulk receive stopped: \d+ ok, 0 failed, \d+ not done/]);

    const summary = /Bulk receive stopped: (\d+) ok, 0 failed, (\d+) not done/.exec(view.frame())!;
    const ok = Number(summary[1]);
    const notDone = Number(summary[2]);
    expect(ok + notDone).toBe(12);
    expect(notDone).toBeGreaterThan(0);
    expect(view.frame()).toContain('– not done (stopped before it was sent)');

    // Exactly the orders reported ok were received.
    const after = await statusOf(api, ids);
    expect([...after.values()].filter((s) => s === 'received')).toHaveLength(ok);
    const { entries } = await readAudit(view.stateDir, { limit: 100 });
    // The log has every order once: applied, or not done.
    expect(entries.filter((e) => e.outcome === 'ok')).toHaveLength(ok);
    expect(entries.filter((e) => e.outcome === 'not_done')).toHaveLength(notDone);
    // Not-done orders stay marked for another run.
    await view.press('\u001b', `${notDone} marked`);
  });

  it('on a pending order: says to review it first, and asks nothing', async () => {
    const { sandbox } = await start({ fixture: makeBulkFixture(2) });
    const view = open(sandbox, [1000]);
    await view.waitFor(['#N1000']);
    await view.press('r', 'Nothing to receive: #N1000 is not reviewed yet: review it first (Enter opens an order).');
    expect(view.frame()).not.toContain('Mark 1 order received');
  });

  it('acts on the current order when none is marked, and is off in read-only mode with the reason', async () => {
    const { sandbox, api } = await start({ fixture: makeBulkFixture(2) });
    const readOnly = open(sandbox, bulkIds(2), { isReadOnly: true });
    await readOnly.waitFor(['#B100001']);
    await readOnly.press('r', 'Read-only mode: "r" is off (start without --read-only to change orders).');
    await readOnly.press('A', 'Read-only mode: "A"');
    expect(readOnly.frame()).not.toContain('Mark 1 order');

    const view = open(sandbox, bulkIds(2));
    await view.waitFor(['#B100001']);
    await view.press('r', 'Mark 1 order received (#B100001)?');
    await view.answer('y', 'Bulk receive finished: 1 ok, 0 failed, 0 not done');
    expect((await statusOf(api, bulkIds(2))).get(100001)).toBe('received');
    expect((await statusOf(api, bulkIds(2))).get(100000)).toBe('reviewed');
  });
});

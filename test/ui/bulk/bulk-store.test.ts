/**
 * The app's bulk-run store against the real sandbox, without rendering: quitting mid-run
 * asks first, "yes" stops the run, lets the requests in flight finish, records every
 * outcome and only then ends the console; marks are settled after every run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client/index.js';
import { readAudit } from '../../../src/local/audit-log.js';
import { createConsoleQueryClient } from '../../../src/ui/queries/query-client.js';
import { createBulkRunStore, type BulkStoreDeps } from '../../../src/ui/screens/bulk/bulk-run-store.js';
import { bulkIds, makeBulkFixture } from '../../helpers/bulk-fixture.js';
import { KEYS } from '../../helpers/fixture.js';
import { startTestSandbox } from '../../helpers/sandbox.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(latencyMs: number) {
  const sandbox = await startTestSandbox({ fixture: makeBulkFixture(12), latencyMs });
  const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
  cleanups.push(() => sandbox.close(), () => client.close());
  const marks = { unmarked: [] as number[], kept: [] as number[] };
  const deps: BulkStoreDeps = {
    client,
    queryClient: createConsoleQueryClient(),
    stateDir: mkdtempSync(join(tmpdir(), 'rc-bulk-store-')),
    profile: 'north',
    now: Date.now,
    notify: vi.fn(),
    exit: vi.fn(),
    settleMarks: (ok, left) => {
      marks.unmarked.push(...ok);
      marks.kept.push(...left);
    },
  };
  const store = createBulkRunStore();
  store.setDeps(deps);
  return { client, deps, marks, store };
}

describe('bulk-run store', () => {
  it('quit while running asks first; yes stops, lets in-flight requests finish, then exits', async () => {
    const { client, deps, marks, store } = await setup(200);
    const ids = bulkIds(12);
    expect(store.requestQuit()).toBe(false);
    store.ask('receive', ids);
    store.confirm();
    expect(store.getState().phase).toBe('running');

    expect(store.requestQuit()).toBe(true);
    expect(store.getState()).toMatchObject({ isQuitAsked: true });
    store.answerQuit(false);
    expect(store.getState()).toMatchObject({ isQuitAsked: false, isStopping: false });
    expect(store.requestQuit()).toBe(true);
    store.answerQuit(true);
    expect(store.getState()).toMatchObject({ isQuitting: true, isStopping: true });
    expect(deps.exit).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(deps.exit).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    const state = store.getState();
    if (state.phase !== 'results') throw new Error(`expected results, got ${state.phase}`);
    expect(state.outcomes).toHaveLength(12);
    const ok = state.outcomes.filter((o) => o.result === 'ok').map((o) => o.id);
    expect(state.outcomes.some((o) => o.result === 'not-done')).toBe(true);
    // What was reported done is what the service applied, and the log has it.
    const page = await client.listPage({ filters: { ids }, limit: 100 });
    expect(page.data.filter((o) => o.status === 'received').map((o) => o.id).sort()).toEqual([...ok].sort());
    const { entries } = await readAudit(deps.stateDir, { limit: 50 });
    expect(entries.filter((e) => e.outcome === 'ok').map((e) => e.orderId).sort()).toEqual([...ok].sort());
    expect(entries.filter((e) => e.outcome === 'not_done')).toHaveLength(12 - ok.length);
    expect(marks.unmarked.sort()).toEqual([...ok].sort());
    expect(marks.kept).toHaveLength(12 - ok.length);
  });

  it('refuses a second run while one is in progress, with a notice', async () => {
    const { deps, store } = await setup(100);
    store.ask('receive', bulkIds(3));
    store.confirm();
    store.ask('approve', [1000]);
    expect(store.getState()).toMatchObject({ phase: 'running', kind: 'receive' });
    expect(deps.notify).toHaveBeenCalledWith(expect.stringContaining('A bulk run is in progress'), 'warning');
    await vi.waitFor(() => expect(store.getState().phase).toBe('results'), { timeout: 15_000 });
    expect(deps.exit).not.toHaveBeenCalled();
  });
});

/**
 * The commands and the console write through the same operations (src/ops), so a
 * `returns-console receive` or `review` run from a shell shows in the console's activity
 * log, as coming from the command line (its From column), at 80 columns too: through the
 * real sandbox, the real command and the real console.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRow } from '../../../src/ui/screens/activity-log/audit-rows.js';
import { runInProcess } from '../../cli/helpers/cli-run.js';
import { KEYS } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { outsideStateName } from '../../helpers/state-name.js';
import { renderConsole } from '../render-console.js';

let sandbox: TestSandbox;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('writes from the command line in the console\'s activity log', () => {
  it('a receive and a review made with the commands are listed as from the command line, at 80 columns', async () => {
    const xdgState = mkdtempSync(join(tmpdir(), 'rc-xdg-state-'));
    cleanups.push(() => rmSync(xdgState, { recursive: true, force: true }));
    const env = { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north, XDG_STATE_HOME: xdgState };
    const received = await runInProcess('receive', ['1001'], { env });
    expect(received.code).toBe(0);
    const reviewed = await runInProcess('review', ['1000', '--approve-all'], { env });
    expect(reviewed.code).toBe(0);

    // The commands ran as profile "default" with a base URL and key from the environment (no
    // config file), so their state is that connection's; the console shows one connection's activity.
    const view = renderConsole({ baseUrl: sandbox.url, stateDir: join(xdgState, 'returns-console'), profileName: 'default', stateName: outsideStateName(sandbox.url, KEYS.north), columns: 80, rows: 24 });
    cleanups.push(() => view.cleanup());
    await view.waitFor('#N1025');
    await view.press('L', 'Activity log');
    await view.waitFor('From', '1001 #N1001', '1000 #N1000');
    const frame = view.frame();
    expect(frame).toMatch(/ receive +cli +1001 #N1001 +ok /);
    expect(frame).toMatch(/ review +cli +1000 #N1000 +ok /);
  });

  it('every write says where it was made: order screen, list, bulk, scan mode or command line', () => {
    const base = { time: '2026-11-05T12:00:00.000Z', profile: 'north', orderId: 1, action: 'receive' as const, outcome: 'ok' as const };
    for (const source of ['order', 'list', 'bulk', 'scan', 'cli'] as const) expect(auditRow({ ...base, source }, 'UTC').slice(1, 3)).toEqual(['receive', source]);
    // An entry of a version that did not record it.
    expect(auditRow(base, 'UTC')[2]).toBe('—');
  });
});

/**
 * `returns-console overview`: its figures checked against the sandbox's own data (a fixture
 * with known statuses and submission times), the cap ("100+"), the activity of this profile
 * only, the text at 80 columns, a bad --cap, and `overview --json` as a real process.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../src/local/audit-log.js';
import { run as overview } from '../../src/cli/commands/overview/index.js';
import { displayWidth } from '../../src/format/width.js';
import { KEYS } from '../helpers/fixture.js';
import { EXPECTED_AGE_COUNTS, expectedStatusCounts, makeOverviewFixture, oldestNorthPending } from '../helpers/overview-fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { outsideStateName } from '../helpers/state-name.js';
import { spawnCli } from './helpers/spawn-cli.js';
import { makeTestFactory, tempDir } from './helpers/test-factory.js';

const NOW = Date.parse('2026-11-20T10:30:00Z');
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeOverviewFixture(NOW) });
});
afterAll(() => sandbox.close());

async function runOverview(argv: string[], options: { stateHome?: string; isTTY?: boolean } = {}) {
  const t = makeTestFactory({
    nowMs: NOW,
    isStdoutTTY: options.isTTY ?? false,
    columns: 80,
    env: { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north, TZ: 'UTC', ...(options.stateHome && { XDG_STATE_HOME: options.stateHome }) },
  });
  const code = await overview(argv, t.factory);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

describe('returns-console overview', () => {
  it('counts every status, groups pending orders by age and finds the oldest, as the sandbox holds them', async () => {
    const r = await runOverview(['--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    const expected = expectedStatusCounts(sandbox.fixture, 'shop_north');
    for (const [status, count] of Object.entries(expected)) expect(json.statuses[status], status).toEqual({ count, is_capped: false });
    expect(json.statuses.completed.count).toBe(130);
    expect(Object.fromEntries(json.pending_by_age.map((b: { age: string; count: number }) => [b.age, b.count]))).toEqual(EXPECTED_AGE_COUNTS);
    const oldest = oldestNorthPending(sandbox.fixture);
    expect(json.oldest_pending).toEqual({ id: oldest.id, order_name: oldest.order_name, submitted_at: oldest.submitted_at, age_seconds: 40 * 86_400 });
    expect(json.taken_at).toBe(new Date(NOW).toISOString());
    expect(json.cap).toBe(5000);
  });

  it('stops counting a status at the cap and says so ("100+")', async () => {
    const json = JSON.parse((await runOverview(['--json', '--cap', '100'])).stdout);
    expect(json.statuses.completed).toEqual({ count: 100, is_capped: true });
    expect(json.statuses.reviewed).toEqual({ count: 3, is_capped: false });
    const text = (await runOverview(['--cap', '100'], { isTTY: true })).stdout;
    expect(text).toMatch(/completed\s+100\+/);
  });

  it("counts this connection's decisions and receipts per hour, never another profile's or connection's", async () => {
    const stateHome = tempDir('rc-overview-state-');
    const stateDir = join(stateHome, 'returns-console');
    // The command runs with its base URL and key from the environment: that connection's own state.
    const profile = outsideStateName(sandbox.url, KEYS.north);
    const at = (iso: string, extra: object = {}) => ({ time: iso, profile, orderId: 2000, action: 'review' as const, outcome: 'ok' as const, ...extra });
    await appendAudit(stateDir, at('2026-11-19T15:10:00.000Z', { action: 'receive' }));
    await appendAudit(stateDir, at('2026-11-20T09:01:00.000Z'));
    await appendAudit(stateDir, at('2026-11-20T09:02:00.000Z'));
    await appendAudit(stateDir, at('2026-11-20T09:03:00.000Z', { profile: 'south' }));
    await appendAudit(stateDir, at('2026-11-20T09:04:00.000Z', { profile: 'default' }));
    await appendAudit(stateDir, at('2026-11-20T09:05:00.000Z', { profile: outsideStateName(sandbox.url, KEYS.south) }));
    const json = JSON.parse((await runOverview(['--json'], { stateHome })).stdout);
    expect(json.activity.today).toMatchObject({ date: '2026-11-20', decisions: 2, receipts: 0 });
    expect(json.activity.today.hours[9]).toEqual({ hour: 9, decisions: 2, receipts: 0 });
    expect(json.activity.yesterday).toMatchObject({ date: '2026-11-19', decisions: 0, receipts: 1 });
    expect(json.activity.yesterday.hours[15]).toEqual({ hour: 15, decisions: 0, receipts: 1 });
  });

  it('prints the figures with bars, every line within 80 columns', async () => {
    const r = await runOverview([], { isTTY: true });
    expect(r.code).toBe(0);
    // Bold titles on a terminal (unless NO_COLOR): the text without them.
    const text = r.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    for (const line of text.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(text).toMatch(/pending\s+7\b/);
    expect(text).toMatch(/over 14 days\s+2 {2}█+/);
    expect(text).toContain('Activity of profile default, per hour  0     6     12    18\n');
    expect(text).toContain(`Oldest pending: ${oldestNorthPending(sandbox.fixture).order_name}`);
  });

  it('refuses a bad --cap before reading a key (exit 2)', async () => {
    const t = makeTestFactory({ env: { RETURNS_BASE_URL: sandbox.url } });
    expect(await overview(['--cap', 'lots'], t.factory)).toBe(2);
    expect(t.stderr()).toContain('--cap: "lots" is not a whole number from 100 to 1000000');
  });

  it('runs as a process: `overview --json` prints the figures and exits 0', async () => {
    // The process's clock is the real one: a fixture made for now (ages far from the group edges).
    const live = await startTestSandbox({ fixture: makeOverviewFixture(Date.now()) });
    try {
      const home = tempDir('rc-home-');
      const r = await spawnCli(['overview', '--json'], { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, 'state'), RETURNS_BASE_URL: live.url, RETURNS_API_KEY: KEYS.north });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const json = JSON.parse(r.stdout);
      expect(json.profile).toBe('default');
      expect(json.statuses.pending).toEqual({ count: 7, is_capped: false });
      expect(Object.fromEntries(json.pending_by_age.map((b: { age: string; count: number }) => [b.age, b.count]))).toEqual(EXPECTED_AGE_COUNTS);
      expect(r.stdout).not.toContain(KEYS.north);
    } finally {
      await live.close();
    }
  });
});

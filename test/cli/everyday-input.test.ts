/**
 * Everyday input on the command line, against the real sandbox: order names wherever an
 * id is taken (unique, without the #, shared by two returns of one order, unknown, hidden)
 * and the date forms of --from/--to, checked through what the service returns. The date
 * forms run as real processes with TZ set, as a clerk's shell runs them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { KEYS, makeFixture, type FixtureOrder } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { fetchRaw, runInProcess } from './helpers/cli-run.js';
import { spawnCli } from './helpers/spawn-cli.js';
import { tempDir, type TestFactoryOptions } from './helpers/test-factory.js';

let sandbox: TestSandbox;
let env: Record<string, string>;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

beforeAll(async () => {
  // makeFixture(42): north orders 1000..1041 submitted on 2026-11-01/02, south 5000..5041.
  const fixture = makeFixture(42);
  const order = (id: number) => fixture.return_orders.find((o) => o.id === id)!;
  const makePending = (o: FixtureOrder) => {
    o.status = 'pending';
    for (const item of [...o.refunds, ...o.exchanges]) item.status = 'pending';
  };
  makePending(order(1032));
  order(1032).order_name = '#AO1711';
  order(5001).order_name = '#AO1711'; // the same name in another shop: never seen by north
  order(1033).status = 'reviewed';
  order(1033).order_name = 'BX-77';
  order(1034).order_name = '#DUP'; // two returns of one order share its name
  order(1035).order_name = '#DUP';
  order(1040).order_name = '#HIDDEN'; // a draft: not visible through the interface
  // Relative to the real clock, for --from 7d in a real process.
  const now = Date.now();
  order(1036).submitted_at = iso(now - 3 * 24 * HOUR);
  order(1037).submitted_at = iso(now - 6 * 24 * HOUR - 20 * HOUR);
  order(1038).submitted_at = iso(now - 7 * 24 * HOUR - 4 * HOUR);
  // Around both ends of 2026-10-10 in Pacific/Chatham (+13:45 then): the 9th's last second,
  // the 10th's first and last seconds, the 11th's first.
  order(1016).submitted_at = '2026-10-09T10:14:59Z';
  order(1017).submitted_at = '2026-10-09T10:15:00Z';
  order(1018).submitted_at = '2026-10-10T10:14:59Z';
  order(1019).submitted_at = '2026-10-10T10:15:00Z';
  sandbox = await startTestSandbox({ fixture });
  const home = tempDir('rc-home-');
  env = { HOME: home, XDG_CONFIG_HOME: `${home}/.config`, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north };
});
afterAll(() => sandbox.close());

const cli = (command: Parameters<typeof runInProcess>[0], argv: string[], options: TestFactoryOptions = {}) =>
  runInProcess(command, argv, { ...options, env: { ...env, ...options.env } });
const statusOf = async (id: number) => ((await fetchRaw(sandbox.url, KEYS.north, `ids=${id}`)).data[0] as ReturnOrder | undefined)?.status;

describe('order names where ids are taken', () => {
  it('show finds an order by the name on the parcel, with or without the #', async () => {
    for (const name of ['#AO1711', 'AO1711']) {
      const r = await cli('show', [name, '--json']);
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as ReturnOrder).id).toBe(1032);
    }
    const named = await cli('show', ['BX-77', '--json']);
    expect((JSON.parse(named.stdout) as ReturnOrder).id).toBe(1033);
  });

  it('a name several visible orders carry exits 2 and lists them; nothing is sent', async () => {
    const r = await cli('show', ['DUP']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: The name "DUP" matches 2 return orders: 1035 (#DUP, completing), 1034 (#DUP, pending_action) [ambiguous_order_name]\n' +
        'hint: Give the id of the one you mean instead of the name.\n',
    );
    const json = await cli('receive', ['BX-77', '#DUP', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'ambiguous_order_name', param: 'order_names', type: 'usage_error' } });
    expect(await statusOf(1033)).toBe('reviewed'); // BX-77 was not received: names are resolved first
  });

  it('a name no visible order carries exits 1 as not found (unknown, a draft, another shop)', async () => {
    for (const name of ['NOPE', '#HIDDEN']) {
      const r = await cli('show', [name]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: No return order named ".+" was found .* \[return_order_not_found\]\nhint: /);
    }
    const south = await cli('show', ['AO1711', '--json'], { env: { RETURNS_API_KEY: KEYS.south } });
    expect((JSON.parse(south.stdout) as ReturnOrder).id).toBe(5001);
    expect((await cli('show', ['NOPE'])).stderr).toContain('No return order named "NOPE" or "#NOPE" was found');
  });

  it('refuses a key pasted as an order, before anything is sent', async () => {
    const r = await cli('show', [KEYS.north]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: ID looks like an API key, not an order id or name; nothing was sent \[usage_error\]\n/);
    expect(r.stderr).not.toContain(KEYS.north);
  });

  it('review and receive take names, mixed with ids', async () => {
    const review = await cli('review', ['AO1711', '--approve-all']);
    expect(review.code).toBe(0);
    expect(await statusOf(1032)).toBe('reviewed');
    const receive = await cli('receive', ['BX-77,1032', '1033']);
    expect(receive.code).toBe(0);
    expect(receive.stdout.trimEnd().split('\n').map((l) => l.split('\t').slice(0, 2).join(' '))).toEqual(['1033 ok', '1032 ok']);
    expect([await statusOf(1032), await statusOf(1033)]).toEqual(['received', 'received']);
  });
});

describe('dates people type, in a real process', () => {
  it('--from 7d, a date in the shell\'s zone, and junk', async () => {
    const ids = (stdout: string) => stdout.trimEnd().split('\n').filter(Boolean).map((l) => Number(l.split('\t')[0]));
    const [week, chatham, kolkata, junk] = await Promise.all([
      spawnCli(['list', '--from', '7d', '--fields', 'id'], env),
      spawnCli(['list', '--from', '2026-10-10', '--to', '2026-10-10', '--fields', 'id'], { ...env, TZ: 'Pacific/Chatham' }),
      spawnCli(['list', '--from', '2026-10-10', '--to', '2026-10-10', '--fields', 'id'], { ...env, TZ: 'Asia/Kolkata' }),
      spawnCli(['list', '--to', 'soon'], env),
    ]);
    expect([week.code, week.stderr]).toEqual([0, '']);
    expect(ids(week.stdout)).toEqual([1037, 1036]);
    // Chatham is +13:45: the 10th runs from 2026-10-09T10:15:00Z to 2026-10-10T10:14:59Z, both inclusive.
    expect(ids(chatham.stdout)).toEqual([1018, 1017]);
    // Kolkata is +05:30: its 10th (2026-10-09T18:30Z to 2026-10-10T18:29:59Z) holds only the last two.
    expect(ids(kolkata.stdout)).toEqual([1019, 1018]);
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/^error: --to: "soon" is not a date\. Use a date-time \(2026-11-02T09:15:00Z\), a date \(2026-11-02\), today, yesterday, or a time ago \(12h, 7d, 2w\)\. \[invalid_date_format\]\n/);
  }, 60_000); // four node start-ups at once
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { fetchRaw, runInProcess } from './helpers/cli-run.js';

const HOSTILE_FIRST = 'Eve\u001b]52;c;cm0gLXJmIH4=\u0007';
const HOSTILE_LAST = '\u202eevil\u001b[2J';

let sandbox: TestSandbox;
let env: Record<string, string>;

beforeAll(async () => {
  const fixture = makeFixture();
  const hostile = fixture.return_orders.find((o) => o.id === 1003)!;
  hostile.cust_first_name = HOSTILE_FIRST;
  hostile.cust_last_name = HOSTILE_LAST;
  hostile.cust_email = 'a.very.long.email.address.that.would.never.fit@customers.example';
  sandbox = await startTestSandbox({ fixture });
  env = { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north };
});
afterAll(() => sandbox.close());

const list = (argv: string[], options: Parameters<typeof runInProcess>[2] = {}) =>
  runInProcess('list', argv, { env, ...options, ...(options.env && { env: { ...env, ...options.env } }) });
const tsvIds = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => Number(l.split('\t')[0]));
// North serves 24 of its 28 orders (draft and cancelled are never shown).
const VISIBLE_NORTH = makeFixture().return_orders.filter((o) => o.shop_id === 'shop_north' && o.status !== 'draft' && o.status !== 'cancelled');

describe('list output', () => {
  it('prints an aligned table fitted to the terminal, with colour on a terminal', async () => {
    const r = await list(['--limit', '10'], { isStdoutTTY: true, columns: 70 });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    const plain = lines.map((l) => l.replace(/\u001b\[\d+m/g, ''));
    expect(plain[0]).toMatch(/^\s*ID\s+ORDER\s+STATUS/);
    for (const line of plain) expect(displayWidth(line)).toBeLessThanOrEqual(70);
    expect(r.stdout).toContain('\u001b[1m'); // bold header
    expect(plain.join('\n')).toContain('archived'); // the status word is always there
  });

  it('has no colour with --no-color or NO_COLOR', async () => {
    const flag = await list(['--limit', '3', '--no-color'], { isStdoutTTY: true });
    const envNo = await list(['--limit', '3'], { isStdoutTTY: true, env: { NO_COLOR: '1' } });
    for (const r of [flag, envNo]) expect(r.stdout).not.toContain('\u001b[');
  });

  it('prints tab-separated lines when piped: no header, no colour, nothing cut', async () => {
    const r = await list(['--ids', '1003'], { columns: 20 });
    const cells = r.stdout.trimEnd().split('\t');
    expect(cells).toHaveLength(9);
    expect(cells[0]).toBe('1003');
    expect(cells[4]).toBe('a.very.long.email.address.that.would.never.fit@customers.example');
    expect(cells[5]).toBe('2026-11-01T03:00:00Z');
    expect(r.stdout).not.toContain('\u001b');
  });

  it('sanitizes hostile service text in the table and TSV, never breaking the columns', async () => {
    const tsv = await list(['--ids', '1003,1004']);
    expect(tsv.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(tsv.stdout).toContain('Eve␛ <U+202E>evil␛');
    for (const line of tsv.stdout.trimEnd().split('\n')) expect(line.split('\t')).toHaveLength(9);
    const table = await list(['--ids', '1003,1004', '--no-color'], { isStdoutTTY: true, columns: 200 });
    expect(table.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    const statusAt = header!.indexOf('STATUS');
    for (const row of rows) expect(row.slice(statusAt)).toMatch(/^(pending_payment_from_customer|received|resolving)/);
  });

  it('prints --json exactly as the service sent it, hostile bytes included', async () => {
    const r = await list(['--limit', '5', '--json']);
    const raw = await fetchRaw(sandbox.url, KEYS.north, 'limit=5');
    expect(JSON.parse(r.stdout)).toEqual(raw.data);
    const hostile = await list(['--ids', '1003', '--json']);
    expect((JSON.parse(hostile.stdout) as { cust_first_name: string }[])[0]!.cust_first_name).toBe(HOSTILE_FIRST);
  });

  it('prints --ndjson one object per line and --fields selects keys in order', async () => {
    const r = await list(['--limit', '3', '--ndjson', '--fields', 'status,id']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('{"status":"archived","id":1025}');
  });

  it('prints CSV with a header and RFC 4180 quoting', async () => {
    const r = await list(['--ids', '1000,1001', '--csv', '--fields', 'id,order_name,items,submitted_at']);
    expect(r.stdout).toBe('id,order_name,items,submitted_at\r\n1001,#N1001,1R 1E,2026-11-01T01:00:00Z\r\n1000,#N1000,1R 1E · 2 pending,2026-11-01T00:00:00Z\r\n');
  });
});

describe('list filters', () => {
  it('--status', async () => {
    const r = await list(['--status', 'pending,reviewed']);
    expect(tsvIds(r.stdout)).toEqual([1015, 1014, 1001, 1000]);
  });

  it('--from and --to (inclusive)', async () => {
    const r = await list(['--from', '2026-11-01T02:00:00Z', '--to', '2026-11-01T05:00:00+00:00']);
    expect(tsvIds(r.stdout)).toEqual([1005, 1004, 1003, 1002]);
  });

  it('--ids, and an id of another shop is simply not there', async () => {
    expect(tsvIds((await list(['--ids', '1002,1000,5000'])).stdout)).toEqual([1002, 1000]);
  });

  it('--order-names finds a name given without its #, as show does', async () => {
    expect(tsvIds((await list(['--order-names', 'N1007,#N1009'])).stdout)).toEqual([1009, 1007]);
  });

  it('--order-names (exact match)', async () => {
    expect(tsvIds((await list(['--order-names', '#N1007,#n1008'])).stdout)).toEqual([1007]);
  });

  it('--limit', async () => {
    expect(tsvIds((await list(['--limit', '4'])).stdout)).toEqual([1025, 1024, 1023, 1022]);
  });

  it('--all walks every page, newest first, without duplicates', async () => {
    const r = await list(['--all', '--limit', '5']);
    const ids = tsvIds(r.stdout);
    expect(ids).toEqual(VISIBLE_NORTH.map((o) => o.id).sort((a, b) => b - a));
    const json = await list(['--all', '--limit', '7', '--json']);
    expect((JSON.parse(json.stdout) as { id: number }[]).map((o) => o.id)).toEqual(ids);
  });

  it('--all shows progress on stderr only when it is a terminal', async () => {
    const tty = await list(['--all', '--limit', '5', '--status', 'archived,pending'], { isStderrTTY: true });
    expect(tty.stderr).toContain('Fetching return orders… ');
    expect(tty.stderr.endsWith('\r\u001b[2K')).toBe(true);
    const piped = await list(['--all', '--limit', '5']);
    expect(piped.stderr).toBe('');
  });

  it('says on a terminal when more pages exist', async () => {
    const r = await list(['--limit', '2'], { isStderrTTY: true });
    expect(r.stderr).toContain('More orders match: this is the first 2. Use --all for every page.');
  });

  it('says so when nothing matches', async () => {
    const r = await list(['--ids', '999999'], { isStdoutTTY: true, isStderrTTY: true });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('No return orders match.\n');
    expect((await list(['--ids', '999999', '--json'])).stdout).toBe('[]\n');
  });
});

describe('list errors', () => {
  it('reports a bad filter at once (exit 2) in the error format, with the hint', async () => {
    const r = await list(['--status', 'draft']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --status: statuses contains an unknown value: "draft"\..* \[invalid_status_value\]\nhint: Unknown status\./);
  });

  it('reports a refused key with exit 4, the request id and the hint', async () => {
    const r = await list([], { env: { RETURNS_API_KEY: KEYS.unknown } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: .* \[invalid_api_key\] \(request id \S+\)\nhint: The API key is wrong/);
    const revoked = await list([], { env: { RETURNS_API_KEY: KEYS.northRevoked } });
    expect(revoked.code).toBe(4);
  });

  it('prints the error object as JSON on stderr with --json', async () => {
    const r = await list(['--json'], { env: { RETURNS_API_KEY: KEYS.unknown } });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    const error = (JSON.parse(r.stderr) as { error: Record<string, unknown> }).error;
    expect(error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key', status: 401 });
    expect(error.request_id).toEqual(expect.any(String));
    const usage = await list(['--json', '--limit', 'abc']);
    expect(JSON.parse(usage.stderr)).toMatchObject({ error: { type: 'validation_error', code: 'invalid_limit', param: 'limit' } });
  });

  it('reports a missing base URL as a configuration error (exit 2)', async () => {
    const r = await runInProcess('list', [], { env: { RETURNS_API_KEY: KEYS.north } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: No base URL for profile "default".* \[config_error\]\nhint: Give --base-url, set RETURNS_BASE_URL/);
  });

  it('reports an unreachable service as an operation failure (exit 1)', async () => {
    const r = await runInProcess('list', ['--base-url', 'http://127.0.0.1:1/public-api/v1'], { env: { RETURNS_API_KEY: KEYS.north } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: \w+/);
  });
});

/**
 * `returns-console search` against the real sandbox: best match first in list's formats, the
 * orders as the service has them now, a progress line on a terminal, --forget, and a
 * profile that keeps no index.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { openSandboxDb, setStatus } from '../helpers/sandbox-changes.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { fetchRaw, runInProcess } from './helpers/cli-run.js';
import { tempDir, type TestFactoryOptions } from './helpers/test-factory.js';

let sandbox: TestSandbox;
let dbPath: string;
let stateHome: string;
let env: Record<string, string>;

beforeAll(async () => {
  dbPath = join(tempDir('rc-search-db-'), 'sandbox.db');
  // 250 per shop: north has three pages of visible orders.
  sandbox = await startTestSandbox({ fixture: makeFixture(250), dbPath });
  stateHome = tempDir('rc-search-state-');
  env = { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north, XDG_STATE_HOME: stateHome };
});
afterAll(() => sandbox.close());

const search = (argv: string[], options: TestFactoryOptions = {}) => runInProcess('search', argv, { ...options, env: { ...env, ...options.env } });
const current = async (id: number) => (await fetchRaw(sandbox.url, KEYS.north, `ids=${id}`)).data[0] as ReturnOrder | undefined;
const indexFiles = (home: string) => {
  const dir = join(home, 'returns-console', 'search');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite')) : [];
};

describe('search', () => {
  it('walks the shop first, with a progress line on a terminal, then prints the best match first as list --json does', async () => {
    const r = await search(['First3', '--json'], { isStderrTTY: true, columns: 100 });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Indexing return orders [█░]+ \d+ of ~\d+/);
    const orders = JSON.parse(r.stdout) as ReturnOrder[];
    // The whole word first (First3), then the names it starts (First30 …), newest first.
    expect(orders[0]!.id).toBe(1003);
    expect(orders.slice(1).map((o) => o.cust_first_name)).toEqual(orders.slice(1).map((o) => o.cust_first_name).filter((n) => /^First3\d+$/.test(n)));
    expect(orders.slice(1).map((o) => o.id)).toEqual([...orders.slice(1).map((o) => o.id)].sort((a, b) => b - a));
    for (const order of orders) expect(order).toEqual(await current(order.id));
    expect(indexFiles(stateHome)).toHaveLength(1);
  });

  it('finds an order by e-mail, order name with or without #, original order id, product and SKU', async () => {
    for (const text of ['customer7@shop_north.example', '#N1007', 'N1007', '5551007', '1007']) {
      const r = await search([text, '--fields', 'id', '--limit', '1']);
      expect(r.stdout, text).toBe('1007\n');
    }
    const jacket = await search(['jacket', '7', '--fields', 'id']);
    expect(jacket.stdout.split('\n')[0]).toBe('1007');
    const sku = await search(['JK-7', '--fields', 'id', '--limit', '1']);
    expect(sku.stdout).toBe('1007\n');
  });

  it("prints in list's other formats and never another shop's orders", async () => {
    const csv = await search(['First1', '--csv', '--limit', '3']);
    const listCsv = await runInProcess('list', ['--csv', '--limit', '1'], { env });
    expect(csv.stdout.split('\n')[0]).toBe(listCsv.stdout.split('\n')[0]);
    expect(csv.stdout.trim().split('\n')).toHaveLength(4);
    const tsv = await search(['First1', '--limit', '500', '--fields', 'id']);
    const ids = tsv.stdout.trim().split('\n').map(Number);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.every((id) => id >= 1000 && id < 5000)).toBe(true);
  });

  it('shows what the service has now: a changed status, and not an order that left', async () => {
    const db = openSandboxDb(dbPath);
    setStatus(db, 1009, 'cancelled');
    setStatus(db, 1002, 'completed');
    db.close();
    const r = await search(['First2', '--no-refresh', '--json', '--limit', '500']);
    const orders = JSON.parse(r.stdout) as ReturnOrder[];
    expect(orders.find((o) => o.id === 1002)?.status).toBe('completed');
    const cancelled = await search(['First9', '--no-refresh', '--fields', 'id', '--limit', '500']);
    expect(cancelled.stdout.split('\n')).not.toContain('1009');
  });

  it('says when nothing matches, and refuses an empty search', async () => {
    const none = await search(['zzzz'], { isStdoutTTY: true });
    expect(none).toMatchObject({ code: 0, stdout: '' });
    expect(none.stderr).toContain('No return orders match "zzzz".');
    const empty = await search(['#']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('Give what to search for');
  });

  it('--forget deletes the index, which the next search builds again', async () => {
    const home = tempDir('rc-search-forget-');
    await search(['First1', '--limit', '1'], { env: { XDG_STATE_HOME: home } });
    expect(indexFiles(home)).toHaveLength(1);
    const forgot = await search(['--forget'], { env: { XDG_STATE_HOME: home } });
    expect(forgot).toMatchObject({ code: 0, stdout: '' });
    expect(forgot.stderr).toMatch(/^Deleted the search index of profile default\./);
    expect(readdirSync(join(home, 'returns-console', 'search'))).toEqual([]);
  });

  it('keeps no index for a profile with search_index: false', async () => {
    const home = tempDir('rc-search-off-');
    const configDir = join(home, 'config', 'returns-console');
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { search_index: false } } }), { mode: 0o600 });
    const r = await search(['First1'], { env: { XDG_STATE_HOME: home, XDG_CONFIG_HOME: join(home, 'config') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('keeps no search index (search_index: false)');
    expect(indexFiles(home)).toEqual([]);
  });
});

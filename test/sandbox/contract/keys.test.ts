/**
 * API keys while the sandbox runs (section 5, D11): `keys list/create/revoke` on the
 * running server's database file; a revoked key is refused on the very next request, a
 * created key works at once, last_used_at follows use, and no plain key is stored.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { expectError, expectPage, listOrders } from '../../helpers/contract-http.js';
import { runCli } from '../../helpers/contract-cli.js';

const clock = { ms: Date.UTC(2031, 0, 2, 3, 4, 5) };
const dir = mkdtempSync(join(tmpdir(), 'rc-keys-'));
const dbPath = join(dir, 'sandbox.db');
let sb: TestSandbox;
const created: string[] = [];

beforeAll(async () => {
  sb = await startTestSandbox({ dbPath, now: () => clock.ms });
});
afterAll(async () => {
  await sb?.close();
});

const keys = (...args: string[]) => runCli(['keys', ...args, '--db', dbPath]);
/** The `keys list` line of the key with this name. */
async function listLine(name: string): Promise<string> {
  const res = await keys('list');
  expect(res.code, res.stderr).toBe(0);
  const line = res.stdout.split('\n').find((l) => l.includes(name));
  expect(line, `keys list has a line for ${name}:\n${res.stdout}`).toBeDefined();
  return line!;
}

/**
 * Whether `keys list` shows the key as revoked: the word on its line, or a timestamp /
 * yes in the column headed REVOKED (the layout is the CLI's choice, the fact is D11's).
 */
async function isRevoked(name: string): Promise<boolean> {
  const line = await listLine(name);
  if (/\brevoked\b/i.test(line)) return true;
  const { stdout } = await keys('list');
  const header = stdout.split('\n').find((l) => /revoked/i.test(l)) ?? '';
  const at = header.search(/revoked/i);
  expect(at, `keys list shows revocation:\n${stdout}`).toBeGreaterThanOrEqual(0);
  return /^(\d{4}-\d{2}-\d{2}|yes|true)/i.test(line.slice(at).trim());
}

describe('keys list', () => {
  it('shows name, last 4 characters and revocation, never a full key', async () => {
    const res = await keys('list');
    expect(res.code, res.stderr).toBe(0);
    for (const [name, key] of [['warehouse terminal', KEYS.north], ['south desk', KEYS.south], ['old key', KEYS.northRevoked]] as const) {
      const line = res.stdout.split('\n').find((l) => l.includes(name));
      expect(line, name).toContain(key.slice(-4));
    }
    expect(await isRevoked('old key')).toBe(true);
    expect(await isRevoked('warehouse terminal')).toBe(false);
    for (const key of Object.values(KEYS)) expect(res.stdout + res.stderr).not.toContain(key.slice(3, 40));
  });

  it('last_used_at is updated when a key is used (on the sandbox clock)', async () => {
    // A date no other timestamp (such as created_at) can have.
    clock.ms = Date.UTC(2032, 2, 4, 5, 6, 7);
    expect(await listLine('south desk')).not.toContain('2032-03-04');
    expectPage(await listOrders(sb.url, KEYS.south, { limit: '1' }));
    expect(await listLine('south desk')).toContain('2032-03-04');
    expect(await listLine('warehouse terminal')).not.toContain('2032-03-04');
  });
});

describe('revocation while the server runs', () => {
  it('revoke --last4: the very next request with that key → 401 invalid_api_key; other keys unaffected', async () => {
    expectPage(await listOrders(sb.url, KEYS.north, { limit: '1' }));
    const res = await keys('revoke', '--last4', KEYS.north.slice(-4));
    expect(res.code, res.stderr).toBe(0);
    expectError(await listOrders(sb.url, KEYS.north, { limit: '1' }), 'invalid_api_key');
    expectPage(await listOrders(sb.url, KEYS.south, { limit: '1' }));
    expect(await isRevoked('warehouse terminal')).toBe(true);
  });

  it('keys create prints the new key once; it works at once and sees only its shop', async () => {
    const res = await keys('create', '--shop', 'shop_north', '--name', 'night shift');
    expect(res.code, res.stderr).toBe(0);
    const found = res.stdout.match(/sk_[0-9a-f]{64}/g) ?? [];
    expect(found).toHaveLength(1);
    const key = found[0]!;
    created.push(key);
    const page = expectPage(await listOrders(sb.url, key, { limit: '100' }));
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((o) => o.id >= 1000 && o.id < 2000)).toBe(true);
    const line = await listLine('night shift');
    expect(line).toContain(key.slice(-4));
    expect(line).not.toContain(key.slice(3, 40));
  });

  it('revoke --name: the very next request with that key → 401 invalid_api_key', async () => {
    const key = created[0]!;
    expect((await keys('revoke', '--name', 'night shift')).code).toBe(0);
    expectError(await listOrders(sb.url, key), 'invalid_api_key');
    expect(await isRevoked('night shift')).toBe(true);
  });

  it('revoke KEY: the last 4 or the name as the argument, as people type it', async () => {
    const byLast4 = (await keys('create', '--shop', 'shop_north', '--name', 'day shift')).stdout.match(/sk_[0-9a-f]{64}/)![0];
    const byName = (await keys('create', '--shop', 'shop_north', '--name', 'back office')).stdout.match(/sk_[0-9a-f]{64}/)![0];
    created.push(byLast4, byName);
    expect((await keys('revoke', byLast4.slice(-4).toUpperCase())).code).toBe(0);
    expectError(await listOrders(sb.url, byLast4), 'invalid_api_key');
    expectPage(await listOrders(sb.url, byName, { limit: '1' }));
    expect((await keys('revoke', 'back office')).code).toBe(0);
    expectError(await listOrders(sb.url, byName), 'invalid_api_key');
    const both = await keys('revoke', 'back office', '--last4', byName.slice(-4));
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("exactly one of KEY (the key's last 4 or its name), --last4 or --name");
  });

  it('refuses bad requests with a message and a non-zero exit', async () => {
    for (const args of [
      ['revoke', '--last4', 'zzzz'],
      ['revoke', '--name', 'no such key'],
      ['create', '--shop', 'shop_nowhere', '--name', 'x'],
      ['create', '--shop', 'shop_north'],
    ]) {
      const res = await keys(...args);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stderr.trim().length, args.join(' ')).toBeGreaterThan(0);
    }
  });
});

describe('storage (D11)', () => {
  it('no plain-text key is in the database files', () => {
    const secrets = [...Object.values(KEYS), ...created].map((k) => k.slice(3));
    for (const file of readdirSync(dir).filter((f) => f.startsWith('sandbox.db'))) {
      const bytes = readFileSync(join(dir, file)).toString('latin1');
      for (const secret of secrets) expect(bytes.includes(secret), `${file} holds a plain key`).toBe(false);
    }
  });
});

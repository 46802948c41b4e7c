/**
 * Local state per connection: a base URL or key from outside the profile (flag or
 * environment) may be another shop's, so its drafts, activity and memory never land in the
 * profile's own. Pure naming first, then what a command writes, against the sandbox.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStateName } from '../../src/cli/config/local-state-name.js';
import { resolveConfig, type ResolvedConfig, type Sourced } from '../../src/cli/config/index.js';
import type { LoadedConfigFile } from '../../src/cli/config/index.js';
import { readAudit } from '../../src/local/audit-log.js';
import { loadProfileMemory } from '../../src/local/profile-memory.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { runInProcess } from './helpers/cli-run.js';
import { tempDir } from './helpers/test-factory.js';

const file = (config: unknown): LoadedConfigFile => ({ path: '/cfg/config.json', isExplicit: false, isFound: true, config: config as LoadedConfigFile['config'] });

function resolved(config: unknown, flags: { baseUrl?: string } = {}, env: Record<string, string> = {}) {
  const c = resolveConfig({ flags, env, file: file(config), homeDir: '/h' });
  if (c.baseUrl === null) throw new Error('no base URL');
  return c as ResolvedConfig & { readonly baseUrl: Sourced<string> };
}

const NORTH = { profiles: { default: { base_url: 'https://north.example/public-api/v1', key_file: 'keys/north' } } };

describe('localStateName', () => {
  it("keeps the profile's name when its base URL and key are the profile's own, whatever the key", () => {
    expect(localStateName(resolved(NORTH), KEYS.north)).toBe('default');
    // A new key of the same profile keeps its drafts.
    expect(localStateName(resolved(NORTH), KEYS.northRevoked)).toBe('default');
  });

  it('gives a connection from outside the profile a name of its own, per base URL and key', () => {
    const byFlag = localStateName(resolved(NORTH, { baseUrl: 'https://south.example/public-api/v1' }), KEYS.north);
    const byEnvUrl = localStateName(resolved(NORTH, {}, { RETURNS_BASE_URL: 'https://south.example/public-api/v1' }), KEYS.north);
    const byEnvKey = localStateName(resolved(NORTH, {}, { RETURNS_API_KEY: KEYS.south }), KEYS.south);
    const noConfig = localStateName(resolved({}, {}, { RETURNS_BASE_URL: 'https://north.example/public-api/v1', RETURNS_API_KEY: KEYS.north }), KEYS.north);
    for (const name of [byFlag, byEnvUrl, byEnvKey, noConfig]) expect(name).toMatch(/^default\+[0-9a-f]{12}$/);
    // The same service and key: the same name, however the URL came or was written.
    expect(byEnvUrl).toBe(byFlag);
    expect(localStateName(resolved(NORTH, { baseUrl: 'https://south.example/public-api/v1/' }), KEYS.north)).toBe(byFlag);
    // Another key or another service: another name.
    const southBoth = localStateName(resolved({}, {}, { RETURNS_BASE_URL: 'https://south.example/public-api/v1', RETURNS_API_KEY: KEYS.south }), KEYS.south);
    expect(new Set([byFlag, byEnvKey, noConfig, southBoth]).size).toBe(4);
    // What names the connection is the service and the key, not where they were set.
    expect(localStateName(resolved({}, {}, { RETURNS_BASE_URL: 'https://north.example/public-api/v1', RETURNS_API_KEY: KEYS.south }), KEYS.south)).toBe(byEnvKey);
  });

  it('shows nothing of the key', () => {
    const name = localStateName(resolved(NORTH, {}, { RETURNS_API_KEY: KEYS.south }), KEYS.south);
    expect(name).not.toContain(KEYS.south.slice(3, 11));
    expect(name).not.toContain(KEYS.south.slice(-8));
  });
});

describe('what a command writes locally', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ fixture: makeFixture(42) });
  });
  afterAll(() => sandbox.close());

  it("keeps another shop's refused keep and activity out of the profile's own state", async () => {
    // Profile "default" is the north shop (keep_item allowed); the same person runs one
    // command with south's key from the environment.
    const home = tempDir('rc-state-');
    const configDir = join(home, 'config', 'returns-console');
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'north.key'), KEYS.north, { mode: 0o600 });
    chmodSync(join(configDir, 'north.key'), 0o600);
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { base_url: sandbox.url, key_file: 'north.key' } } }), { mode: 0o600 });
    const env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') };
    const stateDir = join(home, 'state', 'returns-console');
    const decisions = join(home, 'keep.json');
    writeFileSync(decisions, JSON.stringify({ items: [{ id: 70112, type: 'refund', action: 'keep_item' }, { id: 70113, type: 'exchange', action: 'approve' }] }));

    const south = await runInProcess('review', ['5014', '--decisions', decisions], { env: { ...env, RETURNS_API_KEY: KEYS.south } });
    expect(south.stderr).toMatch(/\[keep_item_not_allowed\]/);
    // North's profile still offers keep, and its activity log shows none of south's writes.
    expect(loadProfileMemory(stateDir, 'default').keepItemUnsupported).toBeUndefined();
    expect((await readAudit(stateDir, { limit: 10, profile: 'default' })).entries).toEqual([]);
    // South's connection has its own state, where the refusal is remembered and logged.
    const southName = localStateName(resolved({}, {}, { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.south }), KEYS.south);
    const southEntries = (await readAudit(stateDir, { limit: 10, profile: southName })).entries;
    expect(southEntries).toMatchObject([{ orderId: 5014, action: 'review', outcome: 'failed', code: 'keep_item_not_allowed', source: 'cli' }]);
    expect(loadProfileMemory(stateDir, southName).keepItemUnsupported).toBeDefined();

    // `config` says where each connection's state is kept, and why.
    const own = JSON.parse((await runInProcess('config', ['--json'], { env })).stdout);
    expect(own.local_state).toEqual({ name: 'default', is_profiles_own: true });
    const outside = await runInProcess('config', [], { env: { ...env, RETURNS_API_KEY: KEYS.south } });
    expect(outside.stdout).toMatch(new RegExp(`^local state +${southName.replace('+', '\\+')} +\\(base URL or key from outside the profile: kept apart\\)$`, 'm'));
    expect(outside.stdout).not.toContain(KEYS.south);

    // The profile's own connection writes under its name.
    const north = await runInProcess('receive', ['1001'], { env });
    expect(north.code).toBe(0);
    expect((await readAudit(stateDir, { limit: 10, profile: 'default' })).entries).toMatchObject([{ orderId: 1001, action: 'receive', outcome: 'ok' }]);
  });
});

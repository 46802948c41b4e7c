import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { loadConfigFile, locateConfigFile, type LoadedConfigFile } from '../../src/cli/config/config-file.js';
import { insecureModeProblem } from '../../src/cli/config/permissions.js';
import { resolveConfig } from '../../src/cli/config/resolve.js';
import { configFileSchema, parseConfigDocument } from '../../src/cli/config/schema.js';
import { makeTestFactory, tempDir } from './helpers/test-factory.js';

const file = (config: unknown, path = '/cfg/config.json'): LoadedConfigFile => ({
  path,
  isExplicit: false,
  isFound: true,
  config: configFileSchema.parse(config),
});
const NO_FILE: LoadedConfigFile = { path: '/cfg/config.json', isExplicit: false, isFound: false, config: {} };

const NORTH = {
  default_profile: 'north',
  profiles: {
    north: { base_url: 'https://north.example/public-api/v1', key_env: 'NORTH_KEY', max_retries: 2, timeouts: { connect_seconds: 2.5 } },
    south: { base_url: 'https://south.example/public-api/v1', key_file: 'keys/south', routes: { receive: 'PUT /orders/{id}/received' } },
  },
};

describe('resolveConfig precedence', () => {
  it('uses defaults when nothing is configured, and says so', () => {
    const c = resolveConfig({ flags: {}, env: {}, file: NO_FILE, homeDir: '/home/ana' });
    expect(c.profile).toEqual({ value: 'default', source: 'default' });
    expect(c.baseUrl).toBeNull();
    expect(c.keySource).toEqual({ kind: 'none', source: 'none' });
    expect(c.routes.review).toEqual({ value: 'POST /return_orders/{id}/review', source: 'default' });
    expect(c.refreshIntervalSeconds).toEqual({ value: 30, source: 'default' });
  });

  it('takes the config file over defaults, with the field as source', () => {
    const c = resolveConfig({ flags: {}, env: {}, file: file(NORTH), homeDir: '/home/ana' });
    expect(c.profile).toEqual({ value: 'north', source: 'config default_profile' });
    expect(c.baseUrl).toEqual({ value: 'https://north.example/public-api/v1', source: 'config profiles.north.base_url' });
    expect(c.keySource).toEqual({ kind: 'env', variable: 'NORTH_KEY', source: 'config profiles.north.key_env' });
    expect(c.maxRetries).toEqual({ value: 2, source: 'config profiles.north.max_retries' });
    expect(c.timeouts.connectMs).toEqual({ value: 2500, source: 'config profiles.north.timeouts.connect_seconds' });
    expect(c.timeouts.bodyMs.source).toBe('default');
  });

  it('takes the environment over the file', () => {
    const env = { RETURNS_PROFILE: 'south', RETURNS_BASE_URL: 'http://127.0.0.1:4010/public-api/v1', RETURNS_API_KEY: 'x' };
    const c = resolveConfig({ flags: {}, env, file: file(NORTH), homeDir: '/home/ana' });
    expect(c.profile).toEqual({ value: 'south', source: 'env RETURNS_PROFILE' });
    expect(c.baseUrl).toEqual({ value: 'http://127.0.0.1:4010/public-api/v1', source: 'env RETURNS_BASE_URL' });
    expect(c.keySource).toEqual({ kind: 'env', variable: 'RETURNS_API_KEY', source: 'env RETURNS_API_KEY' });
    expect(c.routes.receive).toEqual({ value: 'PUT /orders/{id}/received', source: 'config profiles.south.routes.receive' });
  });

  it('takes flags over the environment', () => {
    const env = { RETURNS_PROFILE: 'north', RETURNS_BASE_URL: 'http://env.example/v1' };
    const c = resolveConfig({ flags: { profile: 'south', baseUrl: 'http://flag.example/v1' }, env, file: file(NORTH), homeDir: '/h' });
    expect(c.profile).toEqual({ value: 'south', source: 'flag --profile' });
    expect(c.baseUrl).toEqual({ value: 'http://flag.example/v1', source: 'flag --base-url' });
    // A relative key_file is next to the config file.
    expect(c.keySource).toEqual({ kind: 'file', path: '/cfg/keys/south', source: 'config profiles.south.key_file' });
  });

  it('refuses an unknown profile named by a flag, listing the known ones', () => {
    expect(() => resolveConfig({ flags: { profile: 'west' }, env: {}, file: file(NORTH), homeDir: '/h' })).toThrow(
      /profile "west" \(flag --profile\) is not in \/cfg\/config.json \(profiles: north, south\)/,
    );
    expect(() => resolveConfig({ flags: {}, env: { RETURNS_PROFILE: 'west' }, file: NO_FILE, homeDir: '/h' })).toThrow(/needs a config file/);
    // A slip of the finger gets the closest name.
    expect(() => resolveConfig({ flags: { profile: 'nrth' }, env: {}, file: file(NORTH), homeDir: '/h' })).toThrow(/\(profiles: north, south\)\. Did you mean north\?$/);
  });

  it('refuses a base URL that is not http(s), naming its source', () => {
    expect(() => resolveConfig({ flags: { baseUrl: 'ftp://x' }, env: {}, file: NO_FILE, homeDir: '/h' })).toThrow(/--base-url: .*http/);
    expect(() => resolveConfig({ flags: {}, env: { RETURNS_BASE_URL: 'nope' }, file: NO_FILE, homeDir: '/h' })).toThrow(/RETURNS_BASE_URL: /);
  });

  it('resolves a key command with its timeout and ~ in key files', () => {
    const c = resolveConfig({
      flags: {},
      env: {},
      file: file({ profiles: { default: { key_command: 'pass show shop/north', key_command_timeout_seconds: 5 } } }),
      homeDir: '/h',
    });
    expect(c.keySource).toEqual({ kind: 'command', command: 'pass show shop/north', timeoutMs: 5000, source: 'config profiles.default.key_command' });
    const f = resolveConfig({ flags: {}, env: {}, file: file({ profiles: { default: { key_file: '~/.keys/n' } } }), homeDir: '/h' });
    expect(f.keySource).toMatchObject({ kind: 'file', path: '/h/.keys/n' });
  });
});

describe('config file validation', () => {
  const problems = (config: unknown) => {
    const r = parseConfigDocument(config);
    return r.ok ? [] : r.problems;
  };

  it('names the field of every problem', () => {
    expect(problems({ profiles: { north: { base_url: 'not a url' } } })[0]).toMatch(/^profiles\.north\.base_url: The base URL/);
    expect(problems({ profiles: { north: { max_retries: 'three' } } })).toEqual(['profiles.north.max_retries: must be a number']);
    expect(problems({ profiles: { north: { reject_reasons: ['ok', ''] } } })).toEqual(['profiles.north.reject_reasons[1]: must not be empty']);
    expect(problems({ profiles: { north: { routes: { review: 'POST /return_orders/review' } } } })[0]).toMatch(/^profiles\.north\.routes\.review: .*\{id\}/);
    expect(problems({ profiles: { north: { timeouts: { connect_seconds: 0 } } } })).toEqual(['profiles.north.timeouts.connect_seconds: must be a number of seconds above 0']);
    expect(problems({ profiles: { north: { key_env: 'NOT A NAME' } } })[0]).toMatch(/^profiles\.north\.key_env: must be an environment variable name/);
    expect(problems({ profiles: [] })).toEqual(['profiles: must be an object']);
    expect(problems({ profiles: { north: { scan_code_pattern: 'RMA-(' } } })[0]).toMatch(/^profiles\.north\.scan_code_pattern: is not a valid regular expression/);
    expect(problems({ profiles: { north: { scan_code_pattern: 'RMA-\\d+' } } })[0]).toMatch(/^profiles\.north\.scan_code_pattern: must have exactly one capturing group/);
    expect(problems({ profiles: { north: { scan_code_pattern: '^RMA-(#?N\\d+)(?:-\\d+)?$' } } })).toEqual([]);
    expect(problems({ profiles: { north: { overview_cap: 50 } } })).toEqual(['profiles.north.overview_cap: must be at least 100 (one page)']);
    expect(problems({ profiles: { north: { overview_cap: 2500.5 } } })).toEqual(['profiles.north.overview_cap: must be a whole number']);
    expect(problems({ profiles: { north: { overview_cap: 20000 } } })).toEqual([]);
  });

  it('checks the scan desk settings, each problem with what to write instead', () => {
    const desk = { scan_prefix: '<c-b>', scan_suffix: '<f12>', scan_max_gap_ms: 120, scan_repeat_seconds: 2.5, scan_sound: ['paplay', 'fail.oga'], scan_success_sound: 'bell', scan_sound_with_screen_reader: true };
    expect(problems({ profiles: { north: desk } })).toEqual([]);
    expect(problems({ profiles: { north: { scan_prefix: 'x' } } })).toEqual([
      'profiles.north.scan_prefix: "x" is not a key a scanner sends that nobody types; use <c-x> for Ctrl with a letter (a control character: <c-b> is STX), or <f1> … <f12>',
    ]);
    expect(problems({ profiles: { north: { scan_suffix: '<c-m>' } } })).toEqual(['profiles.north.scan_suffix: "<c-m>" cannot be a scanner key: terminals send Ctrl+M as Enter']);
    expect(problems({ profiles: { north: { scan_prefix: '<f13>' } } })).toEqual(['profiles.north.scan_prefix: "<f13>": function keys are <f1> … <f12>']);
    expect(problems({ profiles: { north: { scan_prefix: '<F9>', scan_suffix: '<f9>' } } })).toEqual([
      "profiles.north.scan_suffix: must differ from scan_prefix (<F9>): the scanner's end key cannot also start a scan",
    ]);
    expect(problems({ profiles: { north: { scan_max_gap_ms: 5 } } })).toEqual(['profiles.north.scan_max_gap_ms: must be at least 10 ms']);
    expect(problems({ profiles: { north: { scan_max_gap_ms: 500 } } })).toEqual(['profiles.north.scan_max_gap_ms: must be at most 200 ms (slower typing than that reads as a scan)']);
    expect(problems({ profiles: { north: { scan_repeat_seconds: 90 } } })).toEqual(['profiles.north.scan_repeat_seconds: must be at most 60 seconds']);
    expect(problems({ profiles: { north: { scan_sound: 'beep' } } })).toEqual([
      'profiles.north.scan_sound: must be "bell", "off", or a list: a command and its arguments, e.g. ["paplay", "beep.oga"] (run without a shell)',
    ]);
    expect(problems({ profiles: { north: { scan_success_sound: [] } } })[0]).toMatch(/^profiles\.north\.scan_success_sound: give the command and its arguments/);
    expect(problems({ profiles: { north: { scan_sound_with_screen_reader: 'yes' } } })).toEqual(['profiles.north.scan_sound_with_screen_reader: must be a boolean']);
  });

  it('reports unknown fields (typos) and never takes a key in the file', () => {
    expect(problems({ profiles: { north: { base_ur: 'x' } } })).toEqual(['profiles.north.base_ur: unknown field']);
    expect(problems({ profiles: { north: { api_key: 'sk_x' } } })).toEqual([
      'profiles.north.api_key: an API key is never stored in the config file; use key_env, key_file or key_command',
    ]);
  });

  it('says which type a field must have', () => {
    expect(problems({ profiles: { north: { routes: { review: 5 } } } })[0]).toMatch(/^profiles\.north\.routes\.review: must be a string/);
  });

  it('allows only one key source per profile', () => {
    expect(problems({ profiles: { north: { key_env: 'A', key_file: 'f' } } })).toEqual([
      'profiles.north: give only one of key_env, key_file, key_command (found key_env and key_file)',
    ]);
  });

  it('checks that default_profile exists', () => {
    expect(problems({ default_profile: 'west', profiles: { north: {} } })).toEqual(['default_profile: no profile named "west" (profiles: north).']);
    expect(problems({ default_profile: 'mian', profiles: { main: {}, north: {} } })).toEqual(['default_profile: no profile named "mian" (profiles: main, north). Did you mean main?']);
  });
});

describe('config file on disk', () => {
  const write = (dir: string, content: string, mode: number) => {
    const path = join(dir, 'returns-console', 'config.json');
    mkdirSync(join(dir, 'returns-console'), { recursive: true });
    writeFileSync(path, content, { mode });
    chmodSync(path, mode);
    return path;
  };

  it('is found under XDG_CONFIG_HOME, else ~/.config, unless RETURNS_CONFIG names it', () => {
    expect(locateConfigFile({ XDG_CONFIG_HOME: '/x' }, '/h', '/cwd').path).toBe('/x/returns-console/config.json');
    expect(locateConfigFile({}, '/h', '/cwd').path).toBe('/h/.config/returns-console/config.json');
    expect(locateConfigFile({ RETURNS_CONFIG: 'my.json', XDG_CONFIG_HOME: '/x' }, '/h', '/cwd')).toEqual({ path: '/cwd/my.json', isExplicit: true });
  });

  it('loads a private file', async () => {
    const dir = tempDir();
    write(dir, JSON.stringify(NORTH), 0o600);
    const { factory } = makeTestFactory({ env: { XDG_CONFIG_HOME: dir } });
    const loaded = await loadConfigFile(factory);
    expect(loaded.isFound).toBe(true);
    expect(loaded.config.default_profile).toBe('north');
  });

  it('refuses a config file readable by group or others, spelling out the fix', async () => {
    const dir = tempDir();
    const path = write(dir, JSON.stringify(NORTH), 0o644);
    const { factory } = makeTestFactory({ env: { XDG_CONFIG_HOME: dir } });
    const error = await loadConfigFile(factory).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain(`has permissions 0644: group and others can access it`);
    expect((error as CliError).message).toContain(`Fix: chmod 600 ${path}`);
    expect((error as CliError).exitCode).toBe(2);
  });

  it('reports bad JSON and every invalid field with the file path', async () => {
    const dir = tempDir();
    const path = write(dir, '{"profiles": {', 0o600);
    const { factory } = makeTestFactory({ env: { XDG_CONFIG_HOME: dir } });
    await expect(loadConfigFile(factory)).rejects.toThrow(`config file ${path} is not valid JSON`);
    write(dir, JSON.stringify({ profiles: { north: { base_url: 'x', max_retries: -1 } } }), 0o600);
    await expect(loadConfigFile(factory)).rejects.toThrow(/profiles\.north\.base_url: .*\n {2}profiles\.north\.max_retries: must be 0 or more/);
  });

  it('treats a missing default file as no profiles, but a missing RETURNS_CONFIG file as an error', async () => {
    const dir = tempDir();
    const { factory } = makeTestFactory({ env: { XDG_CONFIG_HOME: dir } });
    expect((await loadConfigFile(factory)).isFound).toBe(false);
    const named = makeTestFactory({ env: { RETURNS_CONFIG: join(dir, 'nope.json') } });
    await expect(loadConfigFile(named.factory)).rejects.toThrow(/named by RETURNS_CONFIG\) does not exist/);
  });
});

describe('insecureModeProblem', () => {
  it('accepts 0600 and 0400, refuses any group or other bit', () => {
    expect(insecureModeProblem('key file', '/k', 0o100600, 'linux')).toBeNull();
    expect(insecureModeProblem('key file', '/k', 0o100400, 'linux')).toBeNull();
    expect(insecureModeProblem('key file', '/k', 0o100640, 'linux')).toMatch(/0640: group can access it.*chmod 600 \/k/);
    expect(insecureModeProblem('key file', '/k', 0o100604, 'linux')).toMatch(/0604: others can access it/);
    expect(insecureModeProblem('key file', "/my keys/k", 0o100644, 'linux')).toContain("chmod 600 '/my keys/k'");
    expect(insecureModeProblem('key file', '/k', 0o100666, 'win32')).toBeNull();
  });
});

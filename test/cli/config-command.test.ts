import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../helpers/fixture.js';
import { runInProcess } from './helpers/cli-run.js';
import { tempDir } from './helpers/test-factory.js';

/** Writes a private config file and returns the XDG_CONFIG_HOME to use. */
function configHome(config: unknown): string {
  const home = tempDir();
  mkdirSync(join(home, 'returns-console'));
  const path = join(home, 'returns-console', 'config.json');
  writeFileSync(path, JSON.stringify(config), { mode: 0o600 });
  return home;
}

function privateFile(content: string, mode = 0o600): string {
  const path = join(tempDir(), 'key');
  writeFileSync(path, content, { mode });
  chmodSync(path, mode);
  return path;
}

describe('returns-console config', () => {
  it('never shows the part of a key that a JSON parse error quotes (a key pasted unquoted)', async () => {
    const home = tempDir();
    mkdirSync(join(home, 'returns-console'));
    writeFileSync(join(home, 'returns-console', 'config.json'), `{"key": ${KEYS.north}}`, { mode: 0o600 });
    for (const flags of [[], ['--json']]) {
      const r = await runInProcess('config', flags, { env: { XDG_CONFIG_HOME: home } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('is not valid JSON');
      expect(r.stderr).toContain('sk_…');
      expect(r.stderr).not.toMatch(/sk_a1a1/);
    }
  });

  it('prints every value with its source and the key redacted', async () => {
    const keyPath = privateFile(`${KEYS.north}\n`);
    const home = configHome({
      default_profile: 'north',
      profiles: { north: { base_url: 'http://127.0.0.1:4010/public-api/v1', key_file: keyPath, reject_reasons: ['Worn'] } },
    });
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`config file       ${join(home, 'returns-console', 'config.json')}  (found)`);
    expect(r.stdout).toContain('profile           north  (config default_profile)');
    expect(r.stdout).toContain('base URL          http://127.0.0.1:4010/public-api/v1  (config profiles.north.base_url)');
    expect(r.stdout).toContain(`API key           sk_…${KEYS.north.slice(-4)}  (config profiles.north.key_file (${keyPath}))`);
    expect(r.stdout).toContain('reject reasons    Worn  (config profiles.north.reject_reasons)');
    expect(r.stdout).toContain('review route      POST /return_orders/{id}/review  (default)');
    expect(r.stdout).not.toContain(KEYS.north);
  });

  it('prints the scan desk settings with their sources', async () => {
    const desk = { scan_prefix: '<f9>', scan_max_gap_ms: 120, scan_sound: ['paplay', 'fail.oga'], scan_success_sound: 'bell' };
    const home = configHome({ default_profile: 'desk', profiles: { desk: { base_url: 'http://127.0.0.1:4010/public-api/v1', key_file: privateFile(`${KEYS.north}\n`), ...desk } } });
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home } });
    expect(r.stdout).toContain('scanner keys      prefix <f9>, suffix Enter or Tab  (config profiles.desk.scan_prefix; default)');
    expect(r.stdout).toContain('scan max gap      120 ms  (config profiles.desk.scan_max_gap_ms)');
    expect(r.stdout).toContain('scan repeat       3 s  (default)');
    expect(r.stdout).toContain('scan sound        run paplay fail.oga on a failed scan, bell on success  (config profiles.desk.scan_sound; config profiles.desk.scan_success_sound; default)');
    const json = JSON.parse((await runInProcess('config', ['--json'], { env: { XDG_CONFIG_HOME: home } })).stdout) as Record<string, unknown>;
    expect(json.scan_prefix).toEqual({ value: '<f9>', source: 'config profiles.desk.scan_prefix' });
    expect(json.scan_suffix).toEqual({ value: null, source: 'default' });
    expect(json.scan_sound).toEqual({ value: ['paplay', 'fail.oga'], source: 'config profiles.desk.scan_sound' });
  });

  it('prints JSON with sources, flags and environment winning over the file', async () => {
    const home = configHome({ profiles: { north: { base_url: 'http://file.example/v1', key_command: `printf '%s' ${KEYS.north}` } } });
    const r = await runInProcess('config', ['--json', '--profile', 'north', '--base-url', 'http://flag.example/v1'], { env: { XDG_CONFIG_HOME: home } });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as Record<string, { value: unknown; source: string; command?: string }>;
    expect(json.profile).toEqual({ value: 'north', source: 'flag --profile' });
    expect(json.base_url).toEqual({ value: 'http://flag.example/v1', source: 'flag --base-url' });
    expect(json.api_key).toMatchObject({ value: `sk_…${KEYS.north.slice(-4)}`, source: 'config profiles.north.key_command' });
    // The key command itself holds the key here: it is shown scrubbed.
    expect(r.stdout).not.toContain(KEYS.north);
    expect(json.api_key!.command).toBe(`printf '%s' sk_…${KEYS.north.slice(-4)}`);
  });

  it('still prints everything else when the key file is insecure, then fails with exit 4', async () => {
    const keyPath = privateFile(`${KEYS.north}\n`, 0o644);
    const home = configHome({ profiles: { default: { base_url: 'http://127.0.0.1:4010/public-api/v1', key_file: keyPath } } });
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home } });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('API key           (unavailable: api_key_file_insecure)');
    expect(r.stderr).toContain(`error: Key file ${keyPath} has permissions 0644`);
    expect(r.stderr).toContain('[api_key_file_insecure]');
    expect(r.stderr).toContain(`Fix: chmod 600 ${keyPath}`);
  });

  it('fails with exit 2 when no base URL is configured, and names the places to set one', async () => {
    const r = await runInProcess('config', [], { env: { RETURNS_API_KEY: KEYS.north } });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('base URL          (not set)  (none)');
    expect(r.stderr).toMatch(/error: No base URL.* \[config_error\]/);
  });

  it('reports an invalid config file with every bad field (exit 2)', async () => {
    const home = configHome({ profiles: { north: { base_url: 'nope', timeouts: { connect_secs: 3 } } } });
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is invalid:\n  profiles.north.base_url: The base URL');
    expect(r.stderr).toContain('\n  profiles.north.timeouts.connect_secs: unknown field');
  });
});

/**
 * A shop you cannot mistake, on the command line: `config` shows a profile's label, colour,
 * web_url and search index; a bad web_url or colour is refused when the config loads; `show
 * --web` opens the order's page with the platform's opener (no shell) or prints it where no
 * browser can be opened.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { runInProcess } from './helpers/cli-run.js';
import { tempDir } from './helpers/test-factory.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  const fixture = makeFixture(28);
  // An order name a shell or a URL would read as more than a name.
  fixture.return_orders.find((o) => o.id === 1003)!.order_name = '#N 1003&x=$(id)';
  sandbox = await startTestSandbox({ fixture });
});
afterAll(() => sandbox.close());

/** A private config file with one profile "north"; returns the XDG_CONFIG_HOME. */
function configHome(profile: Record<string, unknown>): string {
  const home = tempDir();
  mkdirSync(join(home, 'returns-console'));
  writeFileSync(join(home, 'returns-console', 'config.json'), JSON.stringify({ default_profile: 'north', profiles: { north: { base_url: sandbox.url, key_env: 'NORTH_KEY', ...profile } } }), { mode: 0o600 });
  return home;
}

/** A directory with a fake `xdg-open` that writes each argument it got on a line of `log`. */
function fakeOpener(exitCode = 0): { readonly dir: string; readonly log: string } {
  const dir = tempDir('rc-opener-');
  const log = join(dir, 'opened.txt');
  const script = join(dir, 'xdg-open');
  writeFileSync(script, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> '${log}'; done\nexit ${exitCode}\n`);
  chmodSync(script, 0o755);
  return { dir, log };
}

const WEB = 'https://admin.example.com/returns/{id}?name={order_name}';

describe('config', () => {
  it("shows the profile's label, colour, web URL and search index", async () => {
    const home = configHome({ label: 'PRODUCTION', color: 'red', web_url: WEB });
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home, NORTH_KEY: KEYS.north } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/label +PRODUCTION +\(config profiles\.north\.label\)/);
    expect(r.stdout).toMatch(/colour +red +\(config profiles\.north\.color\)/);
    expect(r.stdout).toContain(WEB);
    expect(r.stdout).toMatch(/search index +kept \(.*search\/north\.sqlite\) +\(default\)/);
    const json = JSON.parse((await runInProcess('config', ['--json'], { env: { XDG_CONFIG_HOME: home, NORTH_KEY: KEYS.north } })).stdout);
    expect(json).toMatchObject({ label: { value: 'PRODUCTION' }, color: { value: 'red' }, web_url: { value: WEB }, search_index: { value: true } });
  });

  it('refuses a web_url that is not http(s), takes its host from an order, or names an unknown placeholder, and an unknown colour', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ web_url: 'javascript:alert(1)//{id}' }, 'profiles.north.web_url: must start with http:// or https://'],
      [{ web_url: 'https://{order_name}/x' }, 'profiles.north.web_url: the host must be written out'],
      [{ web_url: 'https://admin.example.com/{orderid}' }, 'profiles.north.web_url: {orderid} is not a placeholder; use {id} or {order_name}'],
      [{ web_url: 'https://user:pw@admin.example.com/{id}' }, 'must not hold a user name or password'],
      [{ color: 'crimson' }, 'profiles.north.color: must be one of red, green, yellow, blue, magenta, cyan'],
      [{ label: 'PROD\u001b[2J' }, 'profiles.north.label: must not hold control or invisible characters'],
    ];
    for (const [profile, message] of cases) {
      const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: configHome(profile), NORTH_KEY: KEYS.north } });
      expect(r.code, JSON.stringify(profile)).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });
});

describe('show --web', () => {
  it("opens the order's page with xdg-open, its name encoded, as one argument, and prints the address", async () => {
    const opener = fakeOpener();
    const env = { XDG_CONFIG_HOME: configHome({ web_url: WEB }), NORTH_KEY: KEYS.north, PATH: opener.dir, DISPLAY: ':0' };
    const r = await runInProcess('show', ['1003', '--web'], { env });
    const url = 'https://admin.example.com/returns/1003?name=%23N%201003%26x%3D%24(id)';
    expect(r).toMatchObject({ code: 0, stdout: `${url}\n` });
    expect(r.stderr).toBe('Opened in the browser.\n');
    expect(readFileSync(opener.log, 'utf8')).toBe(`${url}\n`);
  });

  it('prints the address where no browser can be opened: over ssh, without a display, or when the opener fails', async () => {
    const opener = fakeOpener(3);
    const base = { XDG_CONFIG_HOME: configHome({ web_url: WEB }), NORTH_KEY: KEYS.north, PATH: opener.dir };
    const cases: [Record<string, string>, RegExp][] = [
      [{ DISPLAY: ':0', SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 51000' }, /Not opened: an ssh session/],
      [{}, /Not opened: no display/],
      [{ DISPLAY: ':0' }, /Not opened: xdg-open exited with 3/],
    ];
    for (const [extra, reason] of cases) {
      const r = await runInProcess('show', ['1001', '--web'], { env: { ...base, ...extra } });
      expect(r).toMatchObject({ code: 0, stdout: 'https://admin.example.com/returns/1001?name=%23N1001\n' });
      expect(r.stderr).toMatch(reason);
    }
  });

  it('says what to set when the profile has no web_url (exit 2)', async () => {
    const r = await runInProcess('show', ['1001', '--web'], { env: { XDG_CONFIG_HOME: configHome({}), NORTH_KEY: KEYS.north } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Profile "north" has no web_url');
  });
});

/**
 * Several shops in one console: two sandboxes with different keys and
 * different data. After a switch with P, no order, mark or count of the other shop is on
 * screen; the header says which shop is shown; a profile whose key is missing or revoked
 * shows the auth screen for that profile and P switches back; a bulk run in progress
 * blocks the switch with a message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEYS, makeShopFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderSessions } from './render-sessions.js';

let north: TestSandbox;
let south: TestSandbox;
beforeAll(async () => {
  [north, south] = await Promise.all([startTestSandbox({ fixture: makeShopFixture('shop_north') }), startTestSandbox({ fixture: makeShopFixture('shop_south') })]);
});
afterAll(async () => {
  await Promise.all([north.close(), south.close()]);
});
const views: Awaited<ReturnType<typeof renderSessions>>[] = [];
afterEach(async () => {
  while (views.length) await views.pop()!.cleanup();
});

const host = (s: TestSandbox) => new URL(s.url).host;
const PROFILES = () => ({
  north: { base_url: north.url, key_env: 'NORTH_KEY' },
  south: { base_url: south.url, key_env: 'SOUTH_KEY' },
  nokey: { base_url: south.url, key_env: 'NO_SUCH_KEY' },
  revoked: { base_url: north.url, key_env: 'REVOKED_KEY' },
});
const ENV = { NORTH_KEY: KEYS.north, SOUTH_KEY: KEYS.south, REVOKED_KEY: KEYS.northRevoked };

/**
 * Opens the picker and picks `name` (by moving to it from the top). P is pressed again until
 * the picker shows: right after a switch the new session's input listener is attached in a
 * passive effect, and the fake stdin of ink-testing-library drops a key written before it
 * (a terminal keeps it). P again on the open picker does nothing.
 */
async function pick(view: Awaited<ReturnType<typeof renderSessions>>, name: string, names: readonly string[]): Promise<void> {
  await vi.waitFor(
    () => {
      if (view.frame().includes('Switch shop')) return;
      view.stdin.write('P');
      throw new Error(`no picker yet:\n${view.frame()}`);
    },
    { timeout: 10_000, interval: 200 },
  );
  for (let i = 0; i < names.length; i++) view.stdin.write('k');
  for (let i = 0; i < names.indexOf(name); i++) view.stdin.write('j');
  await view.waitUntil((f) => new RegExp(`› ${name}\\b`).test(f), `${name} selected`);
  await view.answer('\r');
}

describe('switching shops', () => {
  it('shows only the other shop after a switch: its orders, its header, no marks or counts of the first', async () => {
    const view = await renderSessions({ profiles: PROFILES(), start: 'north', env: ENV });
    views.push(view);
    const names = Object.keys(PROFILES());
    await view.waitFor(`north @ ${host(north)}`, '#N1025');
    await view.press(' ', '1 marked');
    await view.press('o', 'taken ');
    await view.press('\u001b', 'Filters:');

    await pick(view, 'south', names);
    await view.waitFor(`south @ ${host(south)}`, '#S5025');
    const southFrame = view.frame();
    expect(southFrame).not.toMatch(/#N\d/);
    expect(southFrame).not.toContain('north @');
    expect(southFrame).not.toContain('marked');
    // South's own overview: counted afresh, with south's figures (no north cache).
    await view.press('o', 'south @', 'taken ');
    expect(view.frame()).toMatch(/pending\s+2\b/);
    await view.press('\u001b', 'Filters:');
    // The activity log shows south's activity only (none yet).
    await view.press('L', 'Activity log of profile south');
    await view.press('\u001b', 'Filters:');

    // Back to north: north's orders, and no south order left anywhere.
    await pick(view, 'north', names);
    await view.waitFor(`north @ ${host(north)}`, '#N1025');
    expect(view.frame()).not.toMatch(/#S\d/);
  });

  it('shows the auth screen for a profile whose key is missing or revoked, and P switches back', async () => {
    const view = await renderSessions({ profiles: PROFILES(), start: 'south', env: ENV });
    views.push(view);
    const names = Object.keys(PROFILES());
    await view.waitFor('#S5025');

    await pick(view, 'nokey', names);
    await view.waitFor('No API key', 'Profile: nokey', 'press P');
    expect(view.frame()).not.toMatch(/#S\d/);
    await pick(view, 'revoked', names);
    await view.waitFor('The service refused the API key', 'Profile: revoked');
    expect(view.frame()).not.toMatch(/#[NS]\d/);
    await pick(view, 'south', names);
    await view.waitFor(`south @ ${host(south)}`, '#S5025');
  });

  it('reads a refused key again when switching back, so a fixed key is used', async () => {
    const profiles = { ...PROFILES(), flaky: { base_url: north.url, key_env: 'FLAKY_KEY' } };
    const view = await renderSessions({ profiles, start: 'south', env: { ...ENV, FLAKY_KEY: KEYS.northRevoked } });
    views.push(view);
    const names = Object.keys(profiles);
    await view.waitFor('#S5025');
    await pick(view, 'flaky', names);
    await view.waitFor('The service refused the API key', 'Profile: flaky');
    await pick(view, 'south', names);
    await view.waitFor('#S5025');
    // The key is fixed meanwhile (a new one in the environment the profile reads).
    view.env.FLAKY_KEY = KEYS.north;
    await pick(view, 'flaky', names);
    await view.waitFor(`flaky @ ${host(north)}`, '#N1');
    expect(view.frame()).not.toContain('refused');
  });

  it(':profile NAME switches and :overview opens the overview of the shop shown', async () => {
    const view = await renderSessions({ profiles: PROFILES(), start: 'north', env: ENV });
    views.push(view);
    await view.waitFor('#N1025');
    await view.press(':', 'Tab completes');
    for (const char of 'profile south') view.stdin.write(char);
    await view.waitFor(':profile south');
    await view.press('\r');
    await view.waitFor(`south @ ${host(south)}`, '#S5025');
    expect(view.frame()).not.toMatch(/#N\d/);
    // A key typed in the instant the new session mounts may be lost (see pick): ':' again until the line opens.
    await vi.waitFor(
      () => {
        if (view.frame().includes('Tab completes')) return;
        view.stdin.write(':');
        throw new Error('no command line yet');
      },
      { timeout: 10_000, interval: 200 },
    );
    for (const char of 'overview') view.stdin.write(char);
    await view.waitFor(':overview');
    await view.press('\r', 'south @', 'taken ');
    expect(view.frame()).toMatch(/pending\s+2\b/);
  });

  it('says why an unknown profile cannot be opened, and stays', async () => {
    const view = await renderSessions({ profiles: { ...PROFILES(), empty: {} }, start: 'north', env: ENV });
    views.push(view);
    await view.waitFor('#N1025');
    await pick(view, 'empty', [...Object.keys(PROFILES()), 'empty']);
    await view.waitFor('Profile empty names no service');
    expect(view.frame()).toContain(`north @ ${host(north)}`);
    expect(view.frame()).toContain('#N1025');
  });
});

describe('a bulk run in progress', () => {
  it('blocks the switch with a message', async () => {
    const slow = await startTestSandbox({ fixture: makeShopFixture('shop_north'), latencyMs: 1500 });
    try {
      const profiles = { ...PROFILES(), north: { base_url: slow.url, key_env: 'NORTH_KEY' } };
      const view = await renderSessions({ profiles, start: 'north', env: ENV });
      views.push(view);
      await view.waitFor('#N1025');
      // Receive #N1015, a reviewed order, ten rows down (draft and cancelled orders are not listed).
      for (let i = 0; i < 10; i++) view.stdin.write('j');
      await view.waitUntil((f) => /› +1015 /.test(f), '1015 selected');
      await view.press('r', 'Mark 1 order received (#N1015)?');
      await view.answer('y');
      await view.waitFor('Esc stop');
      await view.press('P', 'A bulk run is in progress: switch shops once it is done (Esc stops it).');
      expect(view.frame()).not.toContain('Switch shop');
      expect(view.frame()).toContain(`north @ ${host(slow)}`);
    } finally {
      await slow.close();
    }
  });
});

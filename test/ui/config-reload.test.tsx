/**
 * The console follows its config file while it runs, without a restart: a profile added to
 * the file shows in the picker (P) and opens; a key binding and a saved view added work at
 * once; an edit that does not load is reported in the notice line and the last good
 * settings stay in force until the file is fixed. Against two real sandboxes.
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
type View = Awaited<ReturnType<typeof renderSessions>>;
const views: View[] = [];
afterEach(async () => {
  while (views.length) await views.pop()!.cleanup();
});

const ENV = { NORTH_KEY: KEYS.north, SOUTH_KEY: KEYS.south };
const northProfile = () => ({ base_url: north.url, key_env: 'NORTH_KEY', refresh_interval_seconds: 0 });
const southProfile = () => ({ base_url: south.url, key_env: 'SOUTH_KEY', refresh_interval_seconds: 0 });

/** Presses `key` until `text` shows (a key pressed in the instant a frame is drawn may be taken by the one before). */
async function pressUntil(view: View, key: string, text: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (view.frame().includes(text)) return;
      view.stdin.write(key);
      throw new Error(`no "${text}" yet:\n${view.frame()}`);
    },
    { timeout: 10_000, interval: 200 },
  );
}

describe('a config file edited while the console runs', () => {
  it('shows a profile added to the file in the picker, and switches to it', async () => {
    const view = await renderSessions({ profiles: { north: northProfile() }, start: 'north', env: ENV });
    views.push(view);
    await view.waitFor('#N1025');
    await pressUntil(view, 'P', 'Switch shop');
    await view.waitFor('This is the only profile');
    await view.press('\u001b', 'Filters:');

    view.writeConfig(JSON.stringify({ profiles: { north: northProfile(), south: southProfile() } }));
    await view.waitFor('Config file reloaded: 2 profiles, 0 views.');
    await pressUntil(view, 'P', 'Switch shop');
    await view.waitFor('  south');
    expect(view.frame()).not.toContain('This is the only profile');
    await view.press('j');
    await view.waitUntil((f) => /› south\b/.test(f), 'south selected');
    await view.answer('\r', '#S5025');
    expect(view.frame()).not.toMatch(/#N\d/);
  });

  it('takes a new key binding and a new view at once', async () => {
    const view = await renderSessions({ profiles: { north: northProfile() }, start: 'north', env: ENV });
    views.push(view);
    await view.waitFor('#N1025');
    view.writeConfig(
      JSON.stringify({
        profiles: { north: northProfile() },
        keybindings: { global: { 'switch-profile': 'Z' } },
        views: { waiting: { statuses: ['pending'] } },
      }),
    );
    await view.waitFor('Config file reloaded: 1 profile, 1 view.');
    await pressUntil(view, 'Z', 'Switch shop');
    await view.press('\u001b', 'Filters:');
    // P is no longer bound.
    await view.press('P');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.frame()).not.toContain('Switch shop');

    await pressUntil(view, ':', 'Tab completes');
    for (const char of 'view waiting') view.stdin.write(char);
    await view.waitFor(':view waiting');
    await view.press('\r');
    await view.waitUntil((f) => /Filters:.*pending/.test(f) && !/#N1025\b/.test(f), 'the view applied (pending only)');
  });

  it('reports an edit that does not load and keeps the last good settings until it is fixed', async () => {
    // Wide enough for the whole notice.
    const view = await renderSessions({ profiles: { north: northProfile() }, start: 'north', env: ENV, columns: 180 });
    views.push(view);
    await view.waitFor('#N1025');
    const good = { profiles: { north: northProfile(), south: southProfile() }, keybindings: { global: { 'switch-profile': 'Z' } } };
    view.writeConfig(JSON.stringify(good));
    await view.waitFor('Config file reloaded: 2 profiles');

    // Half an edit: not JSON. Then a field the file does not know.
    view.writeConfig('{ "profiles": { "north": ');
    await view.waitFor('Config file not reloaded, the settings in force stay: config.json is not valid JSON');
    view.writeConfig(JSON.stringify({ ...good, profiles: { ...good.profiles, east: { base_url: south.url, key_env: 'SOUTH_KEY', colour: 'blue' } } }));
    await view.waitFor('Config file not reloaded, the settings in force stay: config.json is invalid: profiles.east.colour: unknown field');
    // Still in force: Z and both profiles; nothing of the refused file (east).
    await pressUntil(view, 'Z', 'Switch shop');
    expect(view.frame()).toMatch(/ south\b/);
    expect(view.frame()).not.toContain('east');
    await view.press('\u001b', 'Filters:');

    view.writeConfig(JSON.stringify(good));
    await view.waitFor('Config file reloaded: 2 profiles');
  });
});

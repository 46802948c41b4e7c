/**
 * A shop you cannot mistake, in the console: the profile's label is in the header of every
 * screen, in the scan banner and at the command line, in words (these frames have no colour,
 * as with NO_COLOR); W opens the order's web page, or shows its address where no browser can
 * be opened.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenOutcome } from '../../src/local/open-url.js';
import { pauseForDeliberateKey } from '../helpers/deliberate.js';
import { makeFixture } from '../helpers/fixture.js';
import { KEY } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];
const track = <T extends { cleanup: () => Promise<void> }>(view: T) => (views.push(view), view);

beforeAll(async () => {
  const fixture = makeFixture();
  fixture.return_orders.find((o) => o.id === 1025)!.order_name = '#N 1025&x';
  sandbox = await startTestSandbox({ fixture });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

const PROFILE = { label: 'PRODUCTION', color: 'red' as const, webUrl: 'https://admin.example.com/returns/{id}?n={order_name}' };

describe('the label', () => {
  it('is in the header of the list, the order, the help, the log, at the command line and in scan mode', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 100, profile: PROFILE }));
    await view.waitFor(' PRODUCTION  north @ ', '#N1024');
    await view.press(':', ' PRODUCTION  :');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('Tab completes'), 'the command line is closed');
    await view.press('j');
    await view.press(KEY.enter);
    await view.waitUntil((f) => /PRODUCTION {2}north @ \S+ · Order #N1024/.test(f), 'the order header names the shop');
    await view.press('?', ' PRODUCTION  Help: keys');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('Help: keys'), 'the help is closed');
    await view.press('L', ' PRODUCTION  Activity log of profile north');
    await view.press(KEY.escape);
    await view.waitUntil((f) => f.includes('Order #N1024'), 'back on the order');
    await view.press(KEY.escape);
    await view.waitUntil((f) => f.includes('Filters: all orders'), 'back on the list');
    await pauseForDeliberateKey();
    await view.press('S', 'SCAN MODE');
    expect(view.frame()).toMatch(/SCAN MODE · receiving desk · ready {3}PRODUCTION {2}north @/);
  });

  it('stays on the order screen when the terminal is too narrow for the whole shop', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 60, rows: 24, profile: PROFILE }));
    await view.waitFor('#N1024');
    await view.press('j');
    await view.press(KEY.enter);
    await view.waitUntil((f) => / PRODUCTION {2}· Order #N1024/.test(f), 'the label alone before the order');
  });
});

describe('the web page (W)', () => {
  it("opens the selected order's page, its name encoded", async () => {
    const opened: string[] = [];
    const openInBrowser = async (url: string): Promise<OpenOutcome> => (opened.push(url), { kind: 'opened' });
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 120, profile: PROFILE, services: { openInBrowser } }));
    await view.waitFor('#N 1025&x');
    await view.press('W', 'Opened #N 1025&x in the browser.');
    expect(opened).toEqual(['https://admin.example.com/returns/1025?n=%23N%201025%26x']);
    await view.press(KEY.enter);
    await view.waitFor('Order #N 1025&x');
    await view.press('W');
    await view.waitUntil(() => opened.length === 2, 'opened from the order screen too');
  });

  it('shows the address where no browser can be opened, and says when there is no web_url', async () => {
    const openInBrowser = async (): Promise<OpenOutcome> => ({ kind: 'not-opened', reason: 'an ssh session' });
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 120, profile: PROFILE, services: { openInBrowser } }));
    await view.waitFor('#N1024');
    await view.press('j');
    await view.press('W', 'https://admin.example.com/returns/1024?n=%23N1024 (not opened: an ssh session)');
    const bare = track(renderConsole({ baseUrl: sandbox.url, columns: 120 }));
    await bare.waitFor('#N1024');
    await bare.press('W', 'No web_url in this profile');
  });
});

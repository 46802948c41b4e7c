/**
 * Screen tests of the console when things go wrong: refused keys, expired cursors, an
 * unreachable or rate-limiting service; and the selection following an order across a
 * refresh. Each test that changes or stops a sandbox starts its own, on port 0.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client/index.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];
const track = <T extends { cleanup: () => Promise<void> }>(view: T) => (views.push(view), view);
const extraSandboxes: TestSandbox[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(async () => {
  await sandbox.close();
  for (const s of extraSandboxes) await s.close();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

/** The line of the frame showing order `id` (the row starts with the marker and the id). */
const rowOf = (frame: string, id: number) => frame.split('\n').find((l) => new RegExp(`^..\\s*${id} `).test(l));

describe('authentication failures', () => {
  it('a revoked key gets a full screen saying what is wrong and where keys are created', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, apiKey: KEYS.northRevoked }));
    await view.waitFor('The service refused the API key: it is unknown, or it was revoked.', '[invalid_api_key]', 'Account settings → API keys');
    expect(view.frame()).not.toContain(KEYS.northRevoked);
    expect(view.frame()).not.toContain('#N1025');
  });

  it('a malformed key known at start shows the screen at once', async () => {
    const view = track(
      renderConsole({
        baseUrl: sandbox.url,
        initialAuth: { problem: 'malformed', code: 'api_key_malformed', message: 'The API key is malformed: it does not start with sk_.' },
      }),
    );
    await view.waitFor('The API key is malformed, so it was not sent.', 'it does not start with sk_', 'Account settings → API keys');
  });
});

describe('service trouble', () => {
  it('an expired cursor restarts the walk from page 1 with a notice', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const timed = await startTestSandbox({ fixture: makeFixture(), now: () => clock, cursorTtlSeconds: 60 });
    extraSandboxes.push(timed);
    const view = track(renderConsole({ baseUrl: timed.url, limit: 10 }));
    await view.waitFor('#N1016');
    await view.press('n', 'page 2', '#N1015');
    clock += 5 * 60_000; // the cursor of page 2 is now older than its lifetime
    await view.press('R', 'The page cursor expired: the list starts again at page 1.');
    await view.waitFor('page 1 · 10/page', '#N1025');
  });

  it('the selection follows the order id when a refresh moves rows', async () => {
    const own = await startTestSandbox({ fixture: makeFixture() });
    extraSandboxes.push(own);
    const view = track(renderConsole({ baseUrl: own.url, filters: { statuses: ['pending', 'reviewed'] } }));
    await view.waitFor('#N1015', '#N1014', '#N1001', '#N1000');
    await view.press('j');
    await view.press('j');
    await view.waitUntil((f) => rowOf(f, 1001)?.startsWith('›') === true, '1001 selected');
    // Elsewhere, 1015 is received: it leaves the filtered list and the rows move up.
    const api = createClient({ baseUrl: own.url, apiKey: KEYS.north, maxRetries: 0 });
    await api.receive(1015);
    await api.close();
    await view.press('R');
    await view.waitUntil((f) => !f.includes('#N1015'), '1015 gone after refresh');
    expect(rowOf(view.frame(), 1001)).toMatch(/^›/);
  });

  it('a network failure shows a banner with a countdown and recovers by itself', async () => {
    const flaky = await startTestSandbox({ fixture: makeFixture() });
    const view = track(renderConsole({ baseUrl: flaky.url }));
    await view.waitFor('#N1025');
    await flaky.close();
    await view.press('R', 'The service is not answering');
    await view.waitFor('trying again in');
    expect(view.frame()).toContain('#N1025'); // the last good page stays on screen
    const back = await startTestSandbox({ fixture: makeFixture(), port: flaky.port });
    extraSandboxes.push(back);
    await view.waitUntil((f) => !f.includes('The service is not answering'), 'recovered by itself', 20_000);
    expect(view.frame()).toContain('#N1025');
  }, 30_000);

  it('shows when requests are being retried because of the rate limit', async () => {
    const limited = await startTestSandbox({ fixture: makeFixture(), rateLimit: 1 });
    extraSandboxes.push(limited);
    // At 60 columns: the page and the retry state keep their place, the source gives way.
    const view = track(renderConsole({ baseUrl: limited.url, maxRetries: 3, columns: 60, rows: 20 }));
    await view.waitFor('#N1025', 's ago');
    // Burst 2 at 1 request per second: the first page took one; a few refreshes in a row run out.
    const indicator = /⟳ rate limited, retry \d in \ds/;
    let seenLine: string | undefined;
    for (let i = 0; i < 6 && seenLine === undefined; i++) {
      const before = view.calls.length;
      view.stdin.write('R');
      await view.waitUntil((f) => {
        seenLine ??= f.split('\n').find((l) => indicator.test(l));
        return seenLine !== undefined || (view.calls.length > before && view.queryClient.isFetching() === 0);
      }, 'refresh done or retry shown');
    }
    expect(seenLine).toMatch(/^north @ \S*…? page 1 · 50\/page ⟳ rate limited, retry \d in \ds/);
    await view.waitUntil((f) => !f.includes('rate limited'), 'retry indicator gone once the request went through', 15_000);
  }, 30_000);
});

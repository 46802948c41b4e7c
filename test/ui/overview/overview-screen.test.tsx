/**
 * The overview screen (o on the list) against the sandbox's own data (a fixture with known
 * statuses and submission times): the counts, the age chart, the oldest pending order
 * (Enter opens it), the activity of this profile only, the time the counts were taken and
 * the recount on R; 80x24 and 60x20 fit; screen-reader mode in sentences.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'ink';
import { createClient } from '../../../src/api/client/index.js';
import { appendAudit } from '../../../src/local/audit-log.js';
import { displayWidth } from '../../../src/format/width.js';
import { App } from '../../../src/ui/app.js';
import { ConsoleRoot } from '../../../src/ui/console-root.js';
import { makeTheme } from '../../../src/ui/context/theme-context.js';
import { createConsoleQueryClient } from '../../../src/ui/queries/query-client.js';
import { KEYS } from '../../helpers/fixture.js';
import { json, ordersAskedFor, page, startHostileServer, validOrder } from '../../helpers/hostile-server.js';
import { expectedStatusCounts, makeOverviewFixture, oldestNorthPending } from '../../helpers/overview-fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { renderConsole } from '../render-console.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeOverviewFixture(Date.now()) });
});
afterAll(() => sandbox.close());
const views: ReturnType<typeof renderConsole>[] = [];
afterEach(async () => {
  while (views.length) await views.pop()!.cleanup();
});

const statusCount = (frame: string, status: string) => new RegExp(`\\b${status}\\s+([\\d,]+\\+?)`).exec(frame)?.[1];

describe('the overview screen', () => {
  it("shows the shop's counts, ages and oldest pending order; Enter opens it, Esc comes back", async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns: 100, rows: 30 });
    views.push(view);
    await view.waitFor('#N2');
    await view.press('o', 'Orders by status');
    await view.waitFor('Pending by age', 'taken ');
    const frame = view.frame();
    const expected = expectedStatusCounts(sandbox.fixture, 'shop_north');
    for (const [status, count] of Object.entries(expected)) expect(statusCount(frame, status), status).toBe(String(count));
    expect(frame).toMatch(/under 1 day\s+2 /);
    expect(frame).toMatch(/1-3 days\s+1 /);
    expect(frame).toMatch(/over 14 days\s+2 /);
    const oldest = oldestNorthPending(sandbox.fixture);
    expect(frame).toContain(`Oldest pending: ${oldest.order_name} (id ${oldest.id})`);
    expect(frame).toContain(`north @ ${new URL(sandbox.url).host} · overview`);
    // The other shop's orders are never counted: south has 5 pending orders more.
    expect(statusCount(frame, 'pending')).toBe('7');

    await view.press('\r', `Order ${oldest.order_name}`);
    await view.press('\u001b', 'Orders by status');
    await view.press('\u001b', 'Filters:');
  });

  it('keeps the figures with the time they were taken, and counts again on R', async () => {
    const log: string[] = [];
    const logged = await startTestSandbox({ fixture: sandbox.fixture, quiet: false, log: (line) => log.push(line) });
    try {
      const view = renderConsole({ baseUrl: logged.url, columns: 100, rows: 30 });
      views.push(view);
      await view.waitFor('#N2');
      // The list's own requests (its page, the next one prefetched) are done before counting.
      const lists = () => log.filter((l) => l.startsWith('GET /public-api/v1/return_orders ')).length;
      let before = -1;
      await vi.waitFor(() => {
        const now = lists();
        const isSettled = now === before;
        before = now;
        if (!isSettled) throw new Error('list requests still coming');
      }, { timeout: 10_000, interval: 300 });
      // Every status walked at 100 a page (completed, 130 orders, takes two pages): 13 requests.
      await view.press('o', 'taken ');
      expect(lists() - before).toBe(13);
      // Closed and opened again: the figures come from the cache, nothing is asked again.
      await view.press('\u001b', 'Filters:');
      await view.press('o', 'taken ');
      expect(lists() - before).toBe(13);
      await view.press('R');
      await vi.waitFor(() => expect(lists() - before).toBe(26), { timeout: 10_000 });
      await view.waitFor('taken ');
    } finally {
      await logged.close();
    }
  });

  it("shows this profile's own decisions and receipts per hour", async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns: 100, rows: 30 });
    views.push(view);
    const time = new Date().toISOString();
    await appendAudit(view.stateDir, { time, profile: 'north', orderId: 2000, action: 'review', outcome: 'ok' });
    await appendAudit(view.stateDir, { time, profile: 'north', orderId: 2001, action: 'receive', outcome: 'ok' });
    await appendAudit(view.stateDir, { time, profile: 'north', orderId: 2002, action: 'receive', outcome: 'ok' });
    await appendAudit(view.stateDir, { time, profile: 'south', orderId: 5000, action: 'receive', outcome: 'ok' });
    await view.waitFor('#N2');
    await view.press('o', 'Activity of profile north');
    const frame = view.frame();
    expect(frame).toMatch(/today\s+decisions\s+[·▁-█]{24}\s+1\n/);
    expect(frame).toMatch(/\n\s+receipts\s+[·▁-█]{24}\s+2\n/);
  });

  it.each([
    [80, 24],
    [60, 20],
  ])('fits %ix%i (smaller terminals scroll)', async (columns, rows) => {
    const view = renderConsole({ baseUrl: sandbox.url, columns, rows });
    views.push(view);
    await view.waitFor('#N2');
    await view.press('o', 'taken ');
    const fits = () => {
      const lines = view.frame().split('\n');
      expect(lines.length).toBeLessThanOrEqual(rows);
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
      expect(view.frame()).toContain('Esc back');
    };
    fits();
    if (columns === 80) {
      // At 80x24 everything is there: every status, every age group, the oldest, both days.
      for (const text of ['archived', 'over 14 days', 'Oldest pending', 'yesterday', 'receipts']) expect(view.frame()).toContain(text);
    } else {
      expect(view.frame()).not.toContain('yesterday');
      for (let i = 0; i < 6; i++) await view.press('j');
      await view.waitFor('yesterday');
      fits();
    }
  });
});

describe('the overview in screen-reader mode', () => {
  it('says the figures in plain sentences', async () => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
    const stdout = Object.assign(new EventEmitter(), { columns: 100, rows: 30, isTTY: true, output: '', write(chunk: string) { stdout.output += chunk; return true; } });
    let pending: string | null = null;
    const stdin = Object.assign(new EventEmitter(), {
      isTTY: true, setRawMode: () => undefined, setEncoding: () => undefined, resume: () => undefined, pause: () => undefined, ref: () => undefined, unref: () => undefined,
      read: () => {
        const data = pending;
        pending = null;
        return data;
      },
    });
    const queryClient = createConsoleQueryClient();
    const services = {
      client,
      profile: { name: 'north', stateName: 'north', serviceHost: 'host', isSandbox: false, rejectReasons: [], refreshIntervalMs: 0 },
      isReadOnly: false,
      stateDir: mkdtempSync(join(tmpdir(), 'rc-sr-')),
      now: Date.now,
    };
    const instance = render(
      <ConsoleRoot services={services} queryClient={queryClient} theme={makeTheme(false)}>
        <App initialFilters={{}} initialLimit={50} />
      </ConsoleRoot>,
      { stdout: stdout as unknown as NodeJS.WriteStream, stdin: stdin as unknown as NodeJS.ReadStream, isScreenReaderEnabled: true, interactive: true, patchConsole: false, exitOnCtrlC: false },
    );
    try {
      await vi.waitFor(() => expect(stdout.output).toContain('#N2'), { timeout: 10_000 });
      pending = 'o';
      stdin.emit('readable');
      await vi.waitFor(() => expect(stdout.output).toContain('Orders by status, each counted up to 5,000: pending 7; reviewed 3;'), { timeout: 10_000 });
      const said = stdout.output.slice(stdout.output.lastIndexOf('Orders by status, each'));
      expect(said).toContain('Pending orders by age: 2 under 1 day; 1 1-3 days; 1 3-7 days; 1 7-14 days; 2 over 14 days.');
      expect(said).toMatch(/The oldest pending order is #N\d+, id \d+, submitted [\d-]+ [\d:]+, 40 days ago\./);
      expect(said).toContain('Today: no decisions and no receipts.');
      expect(said).not.toMatch(/[█▁▂▃▄▅▆▇]/);
    } finally {
      instance.unmount();
      queryClient.clear();
      await client.close();
    }
  });
});

describe('the overview when the service refuses a count', () => {
  it('shows the start of a long error above the figures and keeps its keys on an 80x24 screen', async () => {
    const hostile = await startHostileServer();
    const long = `The count cannot be made now: ${'a very long explanation from the service '.repeat(40)}`;
    hostile.answer((req, res) => {
      // The list's first page is served; every count (a list per status) is refused.
      if (req.url?.includes('statuses=')) return json(res, 400, { error: { type: 'invalid_request_error', code: 'validation_error', message: long } });
      return page(res, ordersAskedFor(req.url, [validOrder(1)]));
    });
    const view = renderConsole({ baseUrl: hostile.url, columns: 80, rows: 24 });
    views.push(view);
    try {
      await view.waitFor('#1 ');
      await view.press('o', 'The figures could not be taken');
      const lines = view.frame().split('\n');
      expect(lines.length).toBeLessThanOrEqual(24);
      // The footer's keys are on screen, the error cut to its first lines.
      expect(view.frame()).toContain('Esc back');
      expect(lines.filter((l) => l.includes('a very long explanation')).length).toBeLessThanOrEqual(3);
    } finally {
      await hostile.close();
    }
  });
});

/**
 * Quick find (`/`) with the profile's search index, through the whole console against the
 * real sandbox: matches as the user types, best first, with how fresh the index is; Enter
 * opens the chosen order as the service has it now, and an order the service no longer lists
 * leaves the index instead; a profile that keeps no index finds names and ids only.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_GAP_MS } from '../../src/ui/keys/scan-classifier.js';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { SearchIndex } from '../../src/ops/search-index/index.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { KEY } from '../helpers/pty.js';
import { openSandboxDb, setStatus } from '../helpers/sandbox-changes.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
let dbPath: string;
const views: { cleanup: () => Promise<void> }[] = [];
const clients: ReturnsApiClient[] = [];
const track = <T extends { cleanup: () => Promise<void> }>(view: T) => (views.push(view), view);

beforeAll(async () => {
  const fixture = makeFixture(60);
  const order = fixture.return_orders.find((o) => o.id === 1014)!;
  Object.assign(order, { cust_first_name: 'Olivia', cust_last_name: 'Romero', cust_email: 'olivia.romero@example.com' });
  order.refunds[0]!.title = 'Rain jacket (M)';
  order.refunds[0]!.sku = 'RJ-M';
  dbPath = join(mkdtempSync(join(tmpdir(), 'rc-find-db-')), 'sandbox.db');
  sandbox = await startTestSandbox({ fixture, dbPath });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sandbox.close();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

/** The console's index: its own client on the same shop, in a state directory of its own. */
function indexOpener(stateDir = mkdtempSync(join(tmpdir(), 'rc-find-state-'))) {
  return async () => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
    clients.push(client);
    return SearchIndex.open({ client, stateDir, stateName: 'north', connection: 'north', now: Date.now });
  };
}

describe('quick find with the search index', () => {
  it('lists matches as the customer is typed, best first, and says how fresh the index is', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 120, rows: 30, services: { openSearchIndex: indexOpener() } }));
    await view.waitFor('#N1059');
    await view.press('/', 'Find (customer, e-mail, order, product, SKU)');
    await view.waitUntil((f) => /Index of \d+ orders, updated \d+s ago/.test(f), 'the index is walked and its age shown');
    await view.press('oli');
    await view.waitFor('› 1014  #N1014  pending  Olivia Romero  olivia.romero@example.com', '1 match, best first');
    await view.press(' rom');
    await view.waitFor('› 1014  #N1014');
    await view.press('x');
    await view.waitFor('no match (Enter looks it up as an order name or id)');
    await view.press('\x15'); // Ctrl+U: the whole text
    // Words of a product find the order too, saying which product matched.
    await view.press('rain jack');
    await view.waitFor('› 1014  #N1014  pending  Olivia Romero  olivia.romero@example.com  · Rain jacket (M)');
  });

  it('opens the chosen order as the service has it now, and takes out one it no longer lists', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 120, rows: 30, services: { openSearchIndex: indexOpener() } }));
    await view.waitFor('#N1059');
    await view.press('/');
    await view.waitUntil((f) => /Index of \d+ orders/.test(f), 'the index is walked');
    // Changed after the walk: 1014 reviewed by someone else.
    const other = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
    clients.push(other);
    const order = (await other.getOrder(1014))!;
    await other.review(1014, [...order.refunds!.map((i) => ({ id: i.id, type: 'refund' as const, action: 'approve' as const })), ...order.exchanges!.map((i) => ({ id: i.id, type: 'exchange' as const, action: 'approve' as const }))]);
    await view.press('Olivia');
    await view.waitFor('› 1014  #N1014  pending');
    // Enter a moment later, as a person presses it (at once, it would end a scan).
    await sleep(SCAN_GAP_MS + 20);
    await view.press(KEY.enter);
    await view.waitUntil((f) => /Order #N1014\s+·\s+id 1014\s+·\s+reviewed/.test(f), 'the order screen shows the service\'s status');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('Order #N1014'), 'back on the list');

    await view.press('/');
    await view.press('First15');
    await view.waitFor('› 1015  #N1015');
    // Cancelled while it is on screen: the index has not seen it yet.
    const db = openSandboxDb(dbPath);
    setStatus(db, 1015, 'cancelled');
    db.close();
    await sleep(SCAN_GAP_MS + 20);
    await view.press(KEY.enter, 'Order #N1015 is no longer listed (cancelled, a draft again, or gone): taken out of the search index.');
    expect(view.frame()).not.toContain('› 1015');
    expect(view.frame()).toContain('no match');
  });

  it('finds names and ids only for a profile that keeps no index', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 120, services: { openSearchIndex: async () => null } }));
    await view.waitFor('#N1059');
    await view.press('/', 'Find (order name or id)', 'this profile keeps no search index');
    await view.press('N1009');
    await view.press(KEY.enter, 'Order #N1009');
  });
});

/**
 * The tolerant reader in the console: a service (the hostile loopback server) sends an
 * order with a status this version does not know, escape sequence included, in a page
 * among normal ones. The page is shown with the status as sent (sanitized), the order
 * opens, every key that would change it only explains ("read-only in this version"), and a
 * bulk receive over a selection holding it skips it (the question counts it) and sends
 * nothing for it; a saved draft of it is kept. Checked in a real pseudo-terminal, the
 * requests on the server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDraftStore } from '../../src/local/drafts.js';
import { KEYS } from '../helpers/fixture.js';
import { outsideStateName } from '../helpers/state-name.js';
import { json, ordersAskedFor, page, startHostileServer, validOrder, type HostileServer } from '../helpers/hostile-server.js';
import { startConsoleAt, typist, deliberateTypist } from '../helpers/console-session.js';
import { assertBuilt, KEY, type PtySession } from '../helpers/pty.js';

/** A status no version knows, with a window-title sequence in it. */
const STRANGE = 'refund_hold\u001b]0;pwned\u0007';
const ORDERS = [
  validOrder(7103, { order_name: '#U7103' }),
  validOrder(7102, { order_name: '#U7102', status: STRANGE }),
  validOrder(7101, { order_name: '#U7101' }),
];

let server: HostileServer;
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  server = await startHostileServer();
  server.answer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const received = /^\/public-api\/v1\/return_orders\/(\d+)\/receive$/.exec(url.pathname);
    if (req.method === 'POST' && received) return json(res, 200, validOrder(Number(received[1]), { order_name: `#U${received[1]}`, status: 'received' }));
    if (req.method === 'POST') return json(res, 422, { error: { type: 'state_error', code: 'invalid_state_transition', message: 'no' } });
    return page(res, ordersAskedFor(req.url, ORDERS));
  });
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.kill('SIGKILL');
    await session.exited;
  }
});

const posts = () => server.seen.filter((s) => s.startsWith('POST'));

describe('an order with a status this version does not know', { timeout: 120_000 }, () => {
  it('is listed and opens read-only; its keys explain; a bulk receive skips it', async () => {
    const stateHome = mkdtempSync(join(tmpdir(), 'rc-e2e-unknown-'));
    // A draft saved while the order was pending: a status this version does not know is not surely "no longer pending", so it stays.
    const drafts = createDraftStore({ stateDir: join(stateHome, 'returns-console'), profile: outsideStateName(server.url, KEYS.north), now: Date.now });
    await drafts.save(7102, [{ type: 'refund', id: 1, action: 'approve' }]);
    const session = startConsoleAt(server.url, { cols: 160, rows: 40, stateHome });
    sessions.push(session);
    const step = typist(session);
    // The page: all three orders, the strange status as sent, made visible.
    await session.waitForText('#U7101', 30_000);
    await session.waitForText('refund_hold␛');
    await session.waitForText('#U7103');
    // The order opens, with the note; its keys are off in the footer and only explain when pressed.
    await step('j', 'Filters:');
    await step(KEY.enter, 'Order #U7102');
    await session.waitForText('Unknown status "refund_hold␛": read-only in this version');
    // (Keys that are off go after the keys that work: as many as the width holds.)
    await session.waitForText('approve (off: unknown status)');
    for (const key of ['r', 'a', 'A', 's', 'x']) {
      await step(key, '! Unknown status "refund_hold␛": read-only in this version');
      expect(session.screen()).not.toMatch(/Mark #U7102 as received\?|Send the review|reason\?/);
    }
    // The help says it too (in its legend, at the end).
    await step('?', 'Help: keys');
    for (let i = 0; i < 4; i++) await step(KEY.pageDown, 'Help: keys');
    await session.waitForText('read-only in this version, no key changes it; bulk runs skip it');
    await step(KEY.escape, 'Order #U7102');
    await step(KEY.escape, 'Filters:');
    // r on it alone: nothing to receive.
    await step('r', 'Nothing to receive: 1 order has a status this version does not know, read-only in this version.');
    // A bulk receive over the page: the question counts it as skipped, and it is never sent.
    await step('*', '3 marked');
    await step('r', 'Mark 2 orders received (#U7103, #U7101)?');
    await session.waitForText('1 order has a status this version does not know and is skipped (#U7102): read-only in this version.');
    await deliberateTypist(session)('y', /finished: 2 ok/);
    expect(posts().sort()).toEqual(['POST /public-api/v1/return_orders/7101/receive', 'POST /public-api/v1/return_orders/7103/receive']);
    // The status's escape sequence never reached the terminal.
    expect(session.output()).not.toMatch(/\u001b\]0;pwned/);
    await deliberateTypist(session)('q');
    expect((await session.exited).exitCode).toBe(0);
    expect(drafts.load(7102).kind).toBe('found');
  });
});

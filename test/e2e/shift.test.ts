/**
 * A shift at the desk, end to end: the built console in a real pseudo-terminal against the
 * sandbox (database file, request log kept), a barcode scanner typing one character every
 * 8 ms (onto the list, into scan mode, into a review opened from scan mode), another person
 * reviewing and receiving orders meanwhile, an idle stretch with auto-refresh on, and a bulk
 * approve-all over an order with a saved draft. Every effect is checked through the API,
 * the sandbox's request log and the console's activity log (audit.jsonl).
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../src/local/audit-log.js';
import { listRequestsSince, openDesk, scan, startDeskConsole, type Desk } from '../helpers/desk.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { assertBuilt, KEY, type PtySession } from '../helpers/pty.js';
import { deliberateTypist } from '../helpers/console-session.js';


let desk: Desk;
let session: PtySession;

beforeAll(async () => {
  assertBuilt();
  // 84 orders per shop. North: pending 1000, 1014, 1028, 1042, 1056, 1070; reviewed 1001,
  // 1015, 1029, 1043, 1057, 1071. Two reviewed orders carry names full of command letters
  // (A approves all, s submits, e keeps, y confirms), as carriers' and shops' names do.
  const fixture = makeFixture(84);
  fixture.return_orders.find((o) => o.id === 1043)!.order_name = '#AO1711';
  fixture.return_orders.find((o) => o.id === 1057)!.order_name = '#ASEy1057';
  desk = await openDesk(fixture);
  // Parcels of one carrier carry the order name inside a code of their own: "RMA-#N1029-07".
  // The same label counts as a repeat for 1 s only: 1015 scanned again later is looked up (the review in between takes longer).
  session = startDeskConsole(desk, { refreshSeconds: 1, cols: 100, rows: 30, scanCodePattern: '^RMA-(#?N\\d+)-\\d+$', profile: { scan_repeat_seconds: 1 } });
});
afterAll(async () => {
  session?.kill('SIGKILL');
  if (session) await session.exited;
  await desk?.close();
});

/** Scan mode's history, oldest first (the screen lists it newest first). */
function history(): string[] {
  const lines = session.lines();
  const start = lines.findIndex((l) => l.includes('newest first):'));
  if (start === -1) return [];
  return lines.slice(start + 1).filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim()).reverse();
}

const rowOf = (screen: string, id: number) => screen.split('\n').find((l) => new RegExp(`^..\\s*${id} `).test(l));

async function order(id: number) {
  const page = await desk.other.listPage({ filters: { ids: [id] } });
  return page.data[0]!;
}

describe('a shift at the desk', () => {
  it('scans, reviews, idles and approves in bulk without losing a scan or deciding by scanner', async () => {
    await session.waitForText('#N1081');

    // 1. A stray scan on the list (scan mode off): no key command runs, the order is offered in find.
    await scan(session, '#AO1711\r');
    await session.waitForText(/Find \([^)]*\): #AO1711/);
    await session.waitForText('Scan "#AO1711": Enter finds, Esc cancels, S scan mode.');
    expect(session.screen()).not.toContain('Bulk approve');
    session.write(KEY.escape);
    await session.waitForScreen((s) => !s.includes('Find ('));
    expect((await order(1043)).status).toBe('reviewed');

    // 2. Scan mode: reviewed parcels are received as they are scanned.
    await deliberateTypist(session)('S');
    await session.waitForText('SCAN MODE · receiving desk');
    await scan(session, '#N1015\r');
    await scan(session, 'RMA-#N1029-07\r');
    await session.waitForText('Scans this session (2, newest first)');

    // 3. A pending parcel opens its review; two more parcels are scanned while it is open.
    await scan(session, '#N1000\r');
    await session.waitForText('SCAN MODE · review of #N1000');
    await session.waitForText('Jacket 0');
    await scan(session, '#AO1711\r');
    await scan(session, '#ASEy1057\r');
    await session.waitForText('2 waiting');
    // Their letters decided nothing: no item is approved or kept, nothing was sent.
    expect(session.screen()).not.toMatch(/→ (approve|keep)/);
    expect((await order(1000)).status).toBe('pending');
    // The clerk decides by hand: approve all, send.
    session.write('A');
    await session.waitForText('→ approve');
    session.write('s');
    await session.waitForText('2 approve?');
    await deliberateTypist(session)('y');
    await session.waitForText('Review sent');
    session.write(KEY.escape);
    await session.waitForText('Scans this session (5, newest first)');

    // 4. Someone else receives 1071 and reviews 1014 meanwhile; scanning 1071 (and 1015 again) says so.
    await desk.other.receive(1071);
    await desk.other.review(1014, [
      { id: 70028, type: 'refund', action: 'approve' },
      { id: 70029, type: 'exchange', action: 'approve' },
    ]);
    await scan(session, '#N1071\r');
    await scan(session, '#N1015\r');
    await session.waitForText('Scans this session (7, newest first)');
    // The header can be on the screen before the rest of its frame has arrived from the pty.
    await expect.poll(() => history(), { timeout: 5_000 }).toEqual([
      '#N1015  ✓ received  First15 Last15',
      'RMA-#N1029-07  ✓ received  #N1029 · First29 Last29',
      '#N1000  → review opened, now reviewed  First0 Last0',
      '#AO1711  ✓ received  First43 Last43',
      '#ASEy1057  ✓ received  First57 Last57',
      '#N1071  ✗ already received  First71 Last71',
      '#N1015  ✗ already received  First15 Last15',
    ]);
    session.write(KEY.escape);
    await session.waitForText('#N1081');

    // 5. Idle with auto-refresh on: the list asks by itself and shows the other person's review.
    const idleFrom = Date.now();
    await sleep(3_000);
    expect(listRequestsSince(desk, idleFrom).length).toBeGreaterThanOrEqual(2);

    // 6. Pending orders only; a draft on 1028 (refund rejected), then approve-all over 1028 and 1042.
    session.write('f');
    await session.waitForText('›[ ] pending');
    session.write(' ');
    await session.waitForText('›[x] pending');
    session.write(KEY.enter);
    await session.waitForText('Filters: status pending');
    await session.waitForScreen((s) => rowOf(s, 1070) !== undefined && rowOf(s, 1014) === undefined && rowOf(s, 1000) === undefined);
    session.write('G');
    await session.waitForScreen((s) => rowOf(s, 1028)?.startsWith('›') === true);
    session.write(KEY.enter);
    await session.waitForText('Order #N1028');
    session.write('x');
    await session.waitForText('reason?');
    session.write('Worn');
    await session.waitForText('> Worn');
    session.write(KEY.enter);
    await session.waitForText('reject reason: Worn');
    await session.waitForText('draft saved');
    session.write(KEY.escape);
    await session.waitForText('Filters: status pending');
    session.write(' ');
    await session.waitForText('1 marked');
    session.write('k');
    await session.waitForScreen((s) => rowOf(s, 1042)?.startsWith('›') === true);
    session.write(' ');
    await session.waitForText('2 marked');
    session.write('A');
    await session.waitForText('Bulk approve all · 2 orders');
    await deliberateTypist(session)('y');
    await session.waitForText(/Bulk approve all finished: 2 ok/, 20_000);

    // Through the API: every effect, and nothing else.
    const status = async (id: number) => (await order(id)).status;
    for (const id of [1015, 1029, 1043, 1057, 1071]) expect(await status(id)).toBe('received');
    for (const id of [1000, 1014, 1042]) expect(await status(id)).toBe('reviewed');
    for (const id of [1056, 1070]) expect(await status(id)).toBe('pending');
    expect((await order(1042)).refunds?.[0]?.status).toBe('approved');
    const withDraft = await order(1028);
    expect(withDraft.status).toBe('reviewed');
    // Bulk approve-all means what A means on the order screen: the draft's reject is sent.
    expect(withDraft.refunds?.[0]).toMatchObject({ status: 'rejected', reject_reason: 'Worn' });
    expect(withDraft.exchanges?.[0]?.status).toBe('approved');
    // The list shows the other person's review of 1014 without a key pressed (it left the pending filter).
    expect(rowOf(session.screen(), 1014)).toBeUndefined();

    // The sandbox saw exactly one review per order reviewed here, and the receives the scans made.
    const writes = desk.requests.map((r) => r.line).filter((l) => l.startsWith('POST '));
    const count = (path: RegExp) => writes.filter((l) => path.test(l) && / 200 /.test(l)).length;
    expect(count(/\/1000\/review /)).toBe(1);
    expect(count(/\/1043\/receive /)).toBe(1);
    expect(count(/\/1057\/receive /)).toBe(1);
    expect(count(/\/1028\/review /)).toBe(1);
    expect(count(/\/1042\/review /)).toBe(1);

    // The activity log: every write and every scan that changed nothing, with why.
    const { entries } = await readAudit(join(desk.stateHome, 'returns-console'), { limit: 100 });
    const oldestFirst = [...entries].reverse();
    expect(oldestFirst.filter((e) => e.source === 'scan' && e.action === 'receive').map((e) => e.orderId)).toEqual([1015, 1029, 1043, 1057]);
    expect(oldestFirst.filter((e) => e.action === 'scan').map((e) => [e.scanned, e.code, e.orderId])).toEqual([
      ['#N1071', 'wrong_status', 1071],
      ['#N1015', 'wrong_status', 1015],
    ]);
    expect(oldestFirst.filter((e) => e.action === 'review' && e.source !== 'bulk').map((e) => e.orderId)).toEqual([1000]);
    expect(oldestFirst.filter((e) => e.source === 'bulk').map((e) => [e.orderId, e.outcome]).sort()).toEqual([
      [1028, 'ok'],
      [1042, 'ok'],
    ]);
    expect(session.output()).not.toContain(KEYS.north);
  }, 120_000);
});

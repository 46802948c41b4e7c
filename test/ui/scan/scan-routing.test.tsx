/**
 * Barcode scans typed the way a USB scanner types (one character every 8 ms, then Enter)
 * on every screen of the console, against the real sandbox: never run as key commands;
 * queued in scan mode even while a review or help is on top; offered to quick find on the
 * list; typed (without their Enter) into a reject reason; mapped by the profile's
 * scan_code_pattern.
 */
import { SCAN_GAP_MS } from '../../../src/ui/keys/scan-classifier.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client/index.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { startTestSandbox } from '../../helpers/sandbox.js';
import { renderDesk } from '../bulk/render-desk.js';
import { displayWidth } from '../../../src/format/width.js';
import { QUOTED_SCAN_MAX_WIDTH, quotedScan } from '../../../src/ui/keys/quoted-scan.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(options: { scanCodePattern?: RegExp } = {}) {
  // North: 1014 and 1000 pending; 1001, 1015, 1029, 1043 reviewed. 1043 carries command letters in its name.
  const fixture = makeFixture(84);
  fixture.return_orders.find((o) => o.id === 1043)!.order_name = '#AO1711';
  const sandbox = await startTestSandbox({ fixture });
  const api = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
  const view = renderDesk({ baseUrl: sandbox.url, ...(options.scanCodePattern && { scanCodePattern: options.scanCodePattern }) });
  cleanups.push(() => sandbox.close(), () => api.close(), () => view.cleanup());
  await view.waitFor(['#N1081'], 20_000);
  const status = async (id: number) => (await api.listPage({ filters: { ids: [id] } })).data[0]?.status;
  return { api, view, status };
}

/** Opens order `name` through quick find. */
async function openOrder(view: ReturnType<typeof renderDesk>, name: string) {
  await view.press('/', 'Find (order name or id)');
  await view.press(name, `Find (order name or id): ${name}`);
  await view.press('\r', `Order ${name}`);
}

describe('scans outside scan mode', () => {
  it('on the list: no key command runs; quick find is offered with the scanned name', async () => {
    const { view, status } = await setup();
    await view.scan('#AO1711\r');
    await view.waitFor(['Find (order name or id): #AO1711', 'Scan "#AO1711": Enter finds, Esc cancels, S scan mode.']);
    expect(view.frame()).not.toContain('Bulk approve');
    await view.press('\r', 'Order #AO1711');
    expect(await status(1043)).toBe('reviewed');
  });

  it('a scanner that stalls after its first character: the key did nothing, the scan is whole', async () => {
    const { view } = await setup();
    view.stdin.write('#');
    await sleep(150);
    await view.scan('AO1711\r');
    await view.waitFor(['Find (order name or id): #AO1711', 'Scan "#AO1711": Enter finds, Esc cancels, S scan mode.']);
  });

  it("a long carrier's code is quoted cut in its middle, so the notice's instruction still fits 80 columns", async () => {
    const { view } = await setup();
    await view.scan('1Z999AA10123456784-RMA-#AO1711\r');
    await view.waitFor(['Scan "1Z999AA101…A-#AO1711": Enter finds, Esc cancels, S scan mode.']);
    expect(quotedScan('1Z999AA10123456784-RMA-#AO1711')).toBe('1Z999AA101…A-#AO1711');
    expect(displayWidth(quotedScan('x'.repeat(500)))).toBe(QUOTED_SCAN_MAX_WIDTH);
  });

  it('in quick find: the scan replaces the text and is looked up', async () => {
    const { view } = await setup();
    await view.press('/', 'Find (order name or id)');
    await view.press('zz', 'Find (order name or id): zz');
    // Typing shows at once in quick find (it searches as you type); the scanner is picked up after.
    await sleep(SCAN_GAP_MS + 20);
    await view.scan('#N1015\r');
    await view.waitFor(['Order #N1015']);
  });

  it('in a reject reason: typed as text, its Enter not pressed, so nothing is decided', async () => {
    const { view } = await setup();
    await openOrder(view, '#N1014');
    await view.press('x', 'reason?');
    await view.scan('RMA-555\r');
    await view.waitFor(['> RMA-555', 'Scan typed in, its Enter held back: check it, then press Enter.']);
    expect(view.frame()).toContain('reason?');
    expect(view.frame()).not.toContain('→ reject');
    await view.press('\r', '→ reject', 'reject reason: RMA-555');
  });

  it('a paste of 200 characters in one read is typed whole into a reject reason (no crash, nothing decided)', async () => {
    const { view, status } = await setup();
    await openOrder(view, '#N1014');
    await view.press('x', 'reason?');
    const pasted = 'Parcel arrived opened, outer box crushed on two corners, item inside scratched. '.repeat(3).slice(0, 200);
    view.stdin.write(pasted);
    await view.waitFor([pasted.slice(-30)], 10_000);
    expect(view.frame()).toContain('reason?');
    expect(view.frame()).not.toContain('→ reject');
    expect(await status(1014)).toBe('pending');
  });

  it('on an order screen: nothing is decided, and the notice says where scans work', async () => {
    const { view, status } = await setup();
    await openOrder(view, '#N1014');
    await view.scan('#ASEy1057\r');
    await view.waitFor(['Scan "#ASEy1057" ignored here; list: S scan mode, / find.']);
    expect(view.frame()).not.toMatch(/→ (approve|keep)/);
    expect(view.frame()).not.toContain('Send the review');
    expect(await status(1014)).toBe('pending');
  });
});

describe('scans in scan mode', () => {
  it('are queued in order while a review and then help are on top, and processed when the review closes', async () => {
    const { view, status } = await setup();
    await view.answer('S', 'SCAN MODE · receiving desk');
    await view.scan('#N1000\r');
    await view.waitFor(['SCAN MODE · review of #N1000', 'Jacket 0']);
    await view.scan('#N1015\r');
    await view.waitFor(['1 waiting']);
    await view.press('?', 'Help: keys');
    await view.scan('#AO1711\r');
    await view.press('\u001b', 'SCAN MODE · review of #N1000');
    await view.waitFor(['2 waiting']);
    expect(view.frame()).not.toMatch(/→ (approve|keep)/);
    expect(await status(1000)).toBe('pending');
    await view.press('\u001b', 'Scans this session (3, newest first)');
    const lines = view.frame().split('\n').map((l) => l.trim());
    const at = (text: string) => lines.findIndex((l) => l.startsWith(text));
    expect(at('#AO1711  ✓ received')).toBeGreaterThan(-1);
    expect(at('#AO1711  ✓ received')).toBeLessThan(at('#N1015  ✓ received'));
    expect(at('#N1015  ✓ received')).toBeLessThan(at('#N1000  → review opened'));
    expect(await status(1015)).toBe('received');
    expect(await status(1043)).toBe('received');
  });

  it('a scanner that stalls after its first character: its key was typed at the prompt, the scan is still whole', async () => {
    const { view, status } = await setup({ scanCodePattern: /^RMA-(#?N\d+)-\d+$/u });
    await view.answer('S', 'SCAN MODE · receiving desk');
    // "R" is let go as a key after 30 ms (a person's key waits no longer): typed at the prompt.
    view.stdin.write('R');
    await view.waitFor(['Scan an order name or id: › R']);
    await sleep(120);
    await view.scan('MA-#N1029-07\r');
    await view.waitFor(['RMA-#N1029-07  ✓ received  #N1029 · First29 Last29']);
    expect(await status(1029)).toBe('received');
    expect(view.frame()).not.toContain('› R');
  });

  it('map a carrier label to the order with the profile scan_code_pattern', async () => {
    const { view, status } = await setup({ scanCodePattern: /^RMA-(#?N\d+)-\d+$/u });
    await view.answer('S', 'SCAN MODE · receiving desk');
    await view.scan('RMA-#N1029-07\r');
    await view.waitFor(['RMA-#N1029-07  ✓ received  #N1029 · First29 Last29']);
    expect(await status(1029)).toBe('received');
  });
});

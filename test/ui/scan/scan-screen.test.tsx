/**
 * Scan mode in the console (ink-testing-library) against the real sandbox: off in
 * read-only mode with the reason, editing at the prompt, and Esc with scans still waiting
 * (scan mode closes once they are done, so none is lost; Esc again leaves at once), and a
 * scanner's burst during a review: queued whole, never taken by the review as keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client/index.js';
import { scanQueueFor } from '../../../src/local/scan-queue.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { startTestSandbox } from '../../helpers/sandbox.js';
import { renderDesk } from '../bulk/render-desk.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(options: { latencyMs?: number; isReadOnly?: boolean } = {}) {
  const sandbox = await startTestSandbox({ fixture: makeFixture(84), latencyMs: options.latencyMs ?? 0 });
  const api = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
  const view = renderDesk({ baseUrl: sandbox.url, isReadOnly: options.isReadOnly ?? false });
  cleanups.push(() => sandbox.close(), () => api.close(), () => view.cleanup());
  await view.waitFor(['#N1081'], 20_000);
  return { api, view, sandbox };
}

describe('scan mode', () => {
  it('is off in read-only mode, with the reason', async () => {
    const { view } = await setup({ isReadOnly: true });
    await view.press('S', 'Read-only mode: "S" is off (start without --read-only to change orders).');
    expect(view.frame()).not.toContain('SCAN MODE');
  });

  it('edits at the prompt, leaves with Esc when idle', async () => {
    const { view, sandbox } = await setup();
    await view.answer('S', 'SCAN MODE · receiving desk · ready');
    // Its title names the shop the parcels are received for, as every screen does.
    expect(view.frame().split('\n')[0]).toBe(` SCAN MODE · receiving desk · ready  north @ ${new URL(sandbox.url).host}`);
    await view.press('#N10x', '› #N10x');
    view.stdin.write('\u007f');
    await view.waitUntil((f) => f.includes('› #N10') && !f.includes('#N10x'), 'backspace did not edit');
    await view.press('01', '› #N1001');
    await view.press('\r', '✓ R E C E I V E D', '#N1001 · First1 Last1');
    await view.press('\u001b', '#N1081');
    expect(view.frame()).not.toContain('SCAN MODE');
  });

  it('Esc with scans waiting closes scan mode once they are done; none is lost', async () => {
    // Slow answers keep the scans in the queue long enough.
    const { api, view } = await setup({ latencyMs: 150 });
    await view.answer('S', 'SCAN MODE');
    view.stdin.write('#N1015\r#N1029\r#N1043\r');
    await view.waitFor([/[123] waiting/]);
    await view.press('\u001b', 'scan mode closes after them (Esc again: now).');
    await view.waitFor(['#N1081'], 15_000);
    expect(view.frame()).not.toContain('SCAN MODE');
    const page = await api.listPage({ filters: { ids: [1015, 1029, 1043] } });
    expect(page.data.map((o) => o.status)).toEqual(['received', 'received', 'received']);
  });

  it('Esc twice leaves at once; the scans not processed stay queued and are sent when scan mode opens again', async () => {
    const { api, view } = await setup({ latencyMs: 300 });
    await view.answer('S', 'SCAN MODE');
    view.stdin.write('#N1057\r#N1071\r');
    // On a busy machine the first may already be on its way when the frame is read.
    await view.waitFor([/[12] waiting/]);
    await view.press('\u001b', 'scan mode closes after them (Esc again: now).');
    await view.press('\u001b', 'Left scan mode; kept in the queue, sent when scan mode is open again:');
    expect(view.frame()).toMatch(/open again: (#N1057, )?#N1071/);
    const kept = scanQueueFor(view.stateDir, 'north').scans().map((s) => s.text);
    expect(kept.at(-1)).toBe('#N1071');
    await view.answer('S', 'SCAN MODE');
    await view.waitFor(['#N1071  ✓ received']);
    expect(scanQueueFor(view.stateDir, 'north').scans()).toEqual([]);
    const page = await api.listPage({ filters: { ids: [1057, 1071] } });
    expect(page.data.map((o) => o.status)).toEqual(['received', 'received']);
  });

  it('a scan burst during a review is queued, never taken by the review as keys', async () => {
    const { api, view } = await setup();
    await view.answer('S', 'SCAN MODE · receiving desk');
    // #N1000 is pending: its review opens over the scan desk.
    await view.press('#N1000\r', 'SCAN MODE · review of #N1000 · ready · Esc: back to scanning', 'Jacket 0');
    // One read, as a scanner sends it: 'A' (approve all), 's' (submit), 'y' (confirm) inside.
    view.stdin.write('#AsyN1071\r');
    await view.waitFor(['1 waiting']);
    // A key typed after the burst is handled after it: by then the burst's letters would have acted.
    await view.press('?', 'Help: keys');
    await view.press('\u001b', 'SCAN MODE · review of #N1000');
    const frame = view.frame();
    expect(frame).not.toContain('→ approve');
    expect(frame).not.toContain('approve?');
    expect(frame).not.toContain('Review sent');
    // Closing the review lets the queued scan run.
    await view.press('\u001b', 'Scans this session (2, newest first)');
    expect(view.frame()).toContain('#AsyN1071');
    const page = await api.listPage({ filters: { ids: [1000] } });
    expect(page.data.map((o) => o.status)).toEqual(['pending']);
  });
});

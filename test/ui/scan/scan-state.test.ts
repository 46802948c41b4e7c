/** Scan mode without rendering: splitting what a scanner types, the queue, and the texts. */
import { describe, expect, it } from 'vitest';
import type { ReturnOrder } from '../../../src/api/schemas.js';
import { sanitizeForTerminal as safe } from '../../../src/format/sanitize.js';
import { classifyMatches } from '../../../src/ops/scan.js';
import { feedScanInput, MAX_SCAN_LENGTH } from '../../../src/ui/screens/scan/scan-input.js';
import { initialScanState as initialScanStateOf, isIdle, retryDelay, RETRY_MAX_MS, SCAN_START_MS, scanReducer, unfinishedCount, type ScanAction, type ScanState } from '../../../src/ui/screens/scan/scan-state.js';
import { bannerText, historyLine, spacedCapitals } from '../../../src/ui/screens/scan/scan-text.js';

const NO_KEY = {};
const initialScanState = initialScanStateOf('t');
/** Scans 10 s apart by default: never repeats of one another unless a test says so. */
let clock = 0;
const at = (ms?: number) => ({ at: ms ?? (clock += 10_000), repeatMs: 3_000 });
const run = (state: ScanState, ...actions: ScanAction[]) => actions.reduce(scanReducer, state);
const type = (input: string, key = NO_KEY, when?: number): ScanAction => ({ type: 'input', input, key, ...at(when) });
const scanned = (id: number, name: string, status: string, customer: string) => ({ id, name: safe(name), status: safe(status), customer: safe(customer) });

describe('feedScanInput', () => {
  it('completes a scan on Enter, whether it comes alone or with the text', () => {
    expect(feedScanInput('#N10', '01', NO_KEY)).toEqual({ text: '#N1001', scans: [] });
    expect(feedScanInput('#N1001', '', { return: true })).toEqual({ text: '', scans: ['#N1001'] });
    expect(feedScanInput('', '#N1001\r', NO_KEY)).toEqual({ text: '', scans: ['#N1001'] });
  });

  it('splits several scans in one chunk, in order, keeping the unfinished tail', () => {
    expect(feedScanInput('#N1', '001\r#N1002\n1003\r\n#N10', NO_KEY)).toEqual({ text: '#N10', scans: ['#N1001', '#N1002', '1003'] });
  });

  it('ignores empty lines, trims, drops control characters and edits with backspace', () => {
    expect(feedScanInput('', '\r\r  \n', NO_KEY).scans).toEqual([]);
    expect(feedScanInput('', ' 1001 \r', NO_KEY).scans).toEqual(['1001']);
    expect(feedScanInput('', '\u0002#N1001\u0003\t\r', NO_KEY).scans).toEqual(['#N1001']);
    expect(feedScanInput('#N100', '', { backspace: true }).text).toBe('#N10');
    expect(feedScanInput('#N100', 'x\u007f1', NO_KEY).text).toBe('#N1001');
    expect(feedScanInput('', 'x'.repeat(MAX_SCAN_LENGTH + 50), NO_KEY).text).toHaveLength(MAX_SCAN_LENGTH);
  });

  it('queues a recognized scan whole; its characters typed as keys before it was recognized leave the prompt', () => {
    // Typed a while before the scan (ab), and a key the scan's own start let go (j).
    let s = scanReducer(initialScanState, type('ab', NO_KEY, 1_000));
    s = scanReducer(s, type('j', NO_KEY, 5_000));
    s = scanReducer(s, { type: 'scanned', text: 'j1001', echoed: 1, ...at(5_005) });
    expect(s.text).toBe('ab');
    expect(s.queue).toEqual([{ seq: 1, id: 't-1', text: 'j1001', at: 5_005 }]);
    // While a review has the keyboard the echoed keys went to the review, not to the prompt.
    const reviewing = { ...s, text: 'xj', reviewing: { seq: 9, order: scanned(1, '#N1', 'pending', '') } };
    expect(scanReducer(reviewing, { type: 'scanned', text: 'j2002', echoed: 1, ...at() }).text).toBe('xj');
    expect(scanReducer(s, { type: 'scanned', text: '   ', echoed: 0, ...at() }).queue).toHaveLength(1);
  });

  it('takes keys typed into the prompt just before a scan as its start (a scanner slower than the gap limit)', () => {
    // "#N" let go as keys, then "1" as the lead of the scan recognized as "1169".
    let s = run(initialScanState, type('#', NO_KEY, 1_000), type('N', NO_KEY, 1_108), type('1', NO_KEY, 1_151));
    s = scanReducer(s, { type: 'scanned', text: '1169', echoed: 1, ...at(1_400) });
    expect(s.text).toBe('');
    expect(s.queue.map((q) => q.text)).toEqual(['#N1169']);
    // Without a lead: the scan's characters all came as one run after the keys.
    s = run(s, type('#N', NO_KEY, 3_000), { type: 'scanned', text: '1239', echoed: 0, ...at(3_300) });
    expect(s.text).toBe('');
    expect(s.queue.map((q) => q.text)).toEqual(['#N1169', '#N1239']);
    // Typed longer ago than SCAN_START_MS: the person's own text stays at the prompt.
    s = run(s, type('AB', NO_KEY, 10_000), { type: 'scanned', text: '#N1001', echoed: 0, ...at(10_000 + SCAN_START_MS + 1) });
    expect(s.text).toBe('AB');
    expect(s.queue.map((q) => q.text)).toEqual(['#N1169', '#N1239', '#N1001']);
  });
});

describe('scanReducer', () => {
  it('queues scans as they are typed and works them off one at a time, in order', () => {
    let s = run(initialScanState, type('#N1001\r#N1002\r#N10'));
    expect(s.queue.map((q) => q.text)).toEqual(['#N1001', '#N1002']);
    expect(s.text).toBe('#N10');
    s = run(s, { type: 'begin' }, { type: 'begin' });
    expect(s.current).toMatchObject({ seq: 1, text: '#N1001', attempt: 1 });
    expect(unfinishedCount(s)).toBe(2);
    // Typing goes on while a scan is looked up.
    s = run(s, type('03\r'));
    expect(s.queue.map((q) => q.text)).toEqual(['#N1002', '#N1003']);
    // A stale answer (another seq) is ignored.
    expect(run(s, { type: 'settled', seq: 2, outcome: { kind: 'not-found' } })).toBe(s);
    s = run(s, { type: 'settled', seq: 1, outcome: { kind: 'not-found' } }, { type: 'begin' });
    expect(s.current?.text).toBe('#N1002');
    expect(s.history.map((h) => h.text)).toEqual(['#N1001']);
  });

  it('holds the queue while a review is open', () => {
    const order = scanned(1000, '#N1000', 'pending', 'A B');
    let s = run(initialScanState, type('#N1000\r#N1001\r'), { type: 'begin' }, { type: 'settled', seq: 1, outcome: { kind: 'review', order } });
    expect(s.reviewing).toEqual({ seq: 1, order });
    expect(run(s, { type: 'begin' })).toBe(s);
    s = run(s, { type: 'review-closed' }, { type: 'begin' });
    expect(s.current?.text).toBe('#N1001');
    expect(isIdle(s)).toBe(false);
  });

  it('shows the same code again within the repeat time as a repeat, not queued twice', () => {
    let s = run(initialScanState, type('#N1001\r', NO_KEY, 1_000), { type: 'scanned', text: '#N1001', echoed: 0, at: 2_500, repeatMs: 3_000 });
    expect(s.queue.map((q) => q.text)).toEqual(['#N1001']);
    expect(s.history).toEqual([expect.objectContaining({ seq: 2, text: '#N1001', outcome: { kind: 'repeat', agoMs: 1_500 } })]);
    // Also once the first is done; no longer after the repeat time, nor with repeats off.
    s = run(s, { type: 'begin' }, { type: 'settled', seq: 1, outcome: { kind: 'not-found' } });
    expect(run(s, { type: 'scanned', text: '#N1001', echoed: 0, at: 3_900, repeatMs: 3_000 }).history[0]?.outcome.kind).toBe('repeat');
    expect(run(s, { type: 'scanned', text: '#N1001', echoed: 0, at: 4_100, repeatMs: 3_000 }).queue).toHaveLength(1);
    expect(run(s, { type: 'scanned', text: '#N1001', echoed: 0, at: 1_200, repeatMs: 0 }).queue).toHaveLength(1);
    // A scan cut short (no end key) is never queued.
    expect(run(initialScanState, { type: 'scanned', text: 'AO18', echoed: 0, isCut: true, ...at() }).history[0]?.outcome).toEqual({ kind: 'cut' });
  });

  it('keeps a scan the service did not answer at the head, tries it again after a doubling wait', () => {
    let s = run(initialScanState, type('#N1001\r#N1002\r'), { type: 'begin' }, { type: 'held', seq: 1, reason: 'unreachable', at: 100 });
    expect(s.held).toEqual({ reason: 'unreachable', since: 100, retryAt: 100 + retryDelay(1) });
    expect(s.current?.text).toBe('#N1001');
    expect(run(s, { type: 'begin' })).toBe(s);
    s = run(s, { type: 'retry' }, { type: 'held', seq: 1, reason: 'unreachable', at: 2_000 });
    expect(s.current?.attempt).toBe(2);
    expect(s.held).toEqual({ reason: 'unreachable', since: 100, retryAt: 2_000 + retryDelay(2) });
    expect(retryDelay(2)).toBe(2 * retryDelay(1));
    expect(retryDelay(30)).toBe(RETRY_MAX_MS);
    s = run(s, { type: 'retry' }, { type: 'settled', seq: 1, outcome: { kind: 'not-found' } }, { type: 'begin' });
    expect([s.held, s.current?.text]).toEqual([null, '#N1002']);
  });

  it('puts scans kept from before first, each once, and notes what a reviewed order became later', () => {
    let s = run(initialScanState, type('#N1002\r'), { type: 'restore', scans: [{ id: 'old-1', text: '#N1000', at: 5 }] });
    expect(s.queue.map((q) => [q.text, q.isFromBefore ?? false])).toEqual([['#N1000', true], ['#N1002', false]]);
    expect(run(s, { type: 'restore', scans: [{ id: 'old-1', text: '#N1000', at: 5 }] })).toBe(s);
    const order = scanned(1000, '#N1000', 'pending', 'A B');
    s = run(s, { type: 'begin' }, { type: 'settled', seq: 2, outcome: { kind: 'review', order } }, { type: 'review-closed', status: safe('reviewed') });
    expect(historyLine(s.history[0]!)).toBe('#N1000  → review opened, now reviewed  A B');
    expect(bannerText(s.history[0]!).title).toBe('✓ R E V I E W E D');
    // Scanned again and received: the first entry follows.
    s = run(s, { type: 'begin' }, { type: 'settled', seq: 1, outcome: { kind: 'received', order: { ...order, status: safe('received') }, isAlreadyApplied: false } });
    expect(s.history.map((e) => e.later ?? null)).toEqual([null, 'received']);
  });
});

describe('scan texts and decisions', () => {
  const o = (id: number, status: string) => ({ id, status, order_name: `#N${id}`, cust_first_name: 'Ana', cust_last_name: 'Lima' }) as unknown as ReturnOrder;

  it('receives a reviewed order, reviews a pending one, refuses the rest', () => {
    expect(classifyMatches([])).toEqual({ kind: 'not-found' });
    expect(classifyMatches([o(1, 'reviewed')]).kind).toBe('receive');
    expect(classifyMatches([o(1, 'pending')])).toMatchObject({ kind: 'review', order: { id: 1, name: '#N1', customer: 'Ana Lima' } });
    expect(classifyMatches([o(1, 'received')])).toMatchObject({ kind: 'wrong-status', order: { status: 'received' } });
    expect(classifyMatches([o(1, 'reviewed'), o(2, 'pending')])).toMatchObject({ kind: 'several' });
  });

  it('sets the banner large and the history short, sanitizing what was scanned', () => {
    expect(spacedCapitals('not found')).toBe('N O T   F O U N D');
    const order = scanned(1, '#N1', 'received', 'Ana Lima');
    expect(bannerText({ text: '#N1', outcome: { kind: 'received', order, isAlreadyApplied: false } })).toEqual({ tone: 'good', title: '✓ R E C E I V E D', lines: ['#N1 · Ana Lima'] });
    expect(bannerText({ text: '#N1', outcome: { kind: 'wrong-status', order } }).title).toBe('✗ A L R E A D Y   R E C E I V E D');
    expect(bannerText({ text: 'x\u202ey', outcome: { kind: 'not-found' } }).lines[0]).not.toContain('\u202e');
    expect(historyLine({ text: '#N9', outcome: { kind: 'not-found' } })).toBe('#N9  ✗ not found');
    // The scanned name is not repeated after the outcome; an id scanned is followed by the name.
    expect(historyLine({ text: '#N1', outcome: { kind: 'received', order, isAlreadyApplied: false } })).toBe('#N1  ✓ received  Ana Lima');
    expect(historyLine({ text: '1', outcome: { kind: 'review', order } })).toBe('1  → review opened  #N1 · Ana Lima');
    expect(historyLine({ text: '#N1', outcome: { kind: 'received', order, isAlreadyApplied: true, isReadBack: true } })).toBe('#N1  ✓ received  Ana Lima (read back)');
    expect(historyLine({ text: '#N1', outcome: { kind: 'repeat', agoMs: 1_500 } })).toBe('#N1  ↻ repeat, 1.5 s after the first: not processed again');
    expect(bannerText({ text: '#N1', outcome: { kind: 'repeat', agoMs: 2_000 } })).toMatchObject({ tone: 'warning', title: '↻ R E P E A T' });
    // With its first scan done, a repeat shows what that came to, and that it was not processed again.
    const first = { seq: 1, id: 't-1', at: 0, text: '#N1', outcome: { kind: 'received' as const, order, isAlreadyApplied: false } };
    expect(bannerText({ text: '#N1', outcome: { kind: 'repeat', agoMs: 700 } }, [first])).toEqual({
      tone: 'good',
      title: '✓ R E C E I V E D',
      lines: ['#N1 · Ana Lima', '↻ Scanned again 0.7 s later: not processed again.'],
    });
    // Failures lead with the words, the code in brackets.
    const failed = { kind: 'failed' as const, order, code: safe('internal_error'), message: safe('The service failed.') };
    expect(bannerText({ text: '#N1', outcome: failed }).lines).toEqual(['#N1 · Ana Lima: The service failed. [internal_error]']);
    expect(historyLine({ text: '#N1', outcome: failed })).toBe('#N1  ✗ failed [internal_error]');
  });
});

describe('the queued banner', () => {
  it('fits a banner 80 columns wide, says how many are kept and when the next try is', async () => {
    const { heldBanner } = await import('../../../src/ui/screens/scan/scan-text.js');
    const { displayWidth } = await import('../../../src/format/width.js');
    const banner = heldBanner('unreachable', 999, 14_500);
    expect(banner.lines).toEqual(['The service does not answer: 999 scans kept, sent in order when it does.', 'Next try in 14.5 s. Keep scanning: nothing is lost.']);
    // 80 columns less the double border and the padding of three.
    for (const line of banner.lines) expect(displayWidth(line)).toBeLessThanOrEqual(80 - 2 - 6);
    expect(heldBanner('unreachable', 1, 0).lines[1]).toBe('Trying now. Keep scanning: nothing is lost.');
  });
});

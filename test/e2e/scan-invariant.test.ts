/**
 * The invariant of the receiving desk, as a property of the built console in a real
 * pseudo-terminal against the real sandbox (a process of its own, whose request log is what
 * the service saw): outside scan mode, a barcode scan of any code (letters, the console's
 * own command letters among them, digits, # and -; 4-12 characters; Enter or Tab) typed at
 * 10-80 ms a character with jitter and stalls after its first character, on any screen
 * (the list, marked orders, order screens, questions just shown or long open, the filter
 * panel, quick find, the command line, the overview, the activity log, help), writes
 * nothing, and the console still answers the keys of a person afterwards. In scan mode,
 * every reviewed order scanned is received exactly once.
 *
 * Seeded: the seed is printed, and SCAN_PROPERTY_SEED=<seed> runs the same cases again. CI
 * runs a fixed number of cases of a fixed seed; a local run draws a new seed. A case whose characters this process could not write on
 * time (a loaded machine stretched a gap beyond what a scanner does) proves nothing and is
 * skipped, and said so.
 */
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../src/local/audit-log.js';
import { deliberateTypist, typist } from '../helpers/console-session.js';
import { startDeskConsole, startSandboxProcess, type SandboxProcess } from '../helpers/desk.js';
import { makeFixture } from '../helpers/fixture.js';
import { KEY, type PtySession } from '../helpers/pty.js';
import { describeScan, isWithinModel, slowScanArbitrary, typeSlowScan, type SlowScan } from '../helpers/slow-scan.js';

const IS_CI = process.env.CI === 'true' || process.env.CI === '1';
// CI draws the same cases every run (a seed that once found a real fault); a local run, new ones.
const SEED = Number(process.env.SCAN_PROPERTY_SEED ?? (IS_CI ? 559_477_012 : Date.now() % 2_147_483_647));
/** Cases outside scan mode, and scans in scan mode. */
const OUTSIDE_RUNS = IS_CI ? 16 : 24;
const DESK_RUNS = IS_CI ? 8 : 12;
/** After a scan: longer than any hold of a deliberate key, and than a write's round trip. */
const SETTLE_MS = 1_500;

/** North orders of the fixture: pending 1000 + 14k, reviewed 1001 + 14k (k < 22). */
const PENDING = Array.from({ length: 22 }, (_, k) => 1000 + 14 * k);
const REVIEWED = Array.from({ length: 22 }, (_, k) => 1001 + 14 * k);
/** Real order names and ids among the codes, as labels carry them. */
const REAL_CODES = [...PENDING.slice(0, 4), ...REVIEWED.slice(0, 4)].flatMap((id) => [`#N${id}`, `N${id}`, String(id)]);

type Screen =
  | 'list'
  | 'marked'
  | 'pending-order'
  | 'reviewed-order'
  | 'review-question'
  | 'receive-question'
  | 'bulk-receive-question'
  | 'approve-all-question'
  | 'filter'
  | 'find'
  | 'command'
  | 'overview'
  | 'log'
  | 'help';
const SCREENS: readonly Screen[] = ['list', 'marked', 'pending-order', 'reviewed-order', 'review-question', 'receive-question', 'bulk-receive-question', 'approve-all-question', 'filter', 'find', 'command', 'overview', 'log', 'help'];
const SIZES = [[80, 24], [100, 30], [120, 40]] as const;

let root: string;
let sandbox: SandboxProcess;
let session: PtySession;
const skipped: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'rc-scan-invariant-'));
  const fixturePath = join(root, 'fixture.json');
  writeFileSync(fixturePath, JSON.stringify(makeFixture(300)));
  sandbox = await startSandboxProcess({ dbPath: join(root, 'sandbox.db'), fixturePath });
  session = startDeskConsole({ root, stateHome: join(root, 'state'), sandbox }, { refreshSeconds: 0, cols: 100, rows: 30 });
  await session.waitForText('#N1299', 30_000);
  console.log(`scan invariant: seed ${SEED} (SCAN_PROPERTY_SEED=${SEED} runs these cases again); ${OUTSIDE_RUNS} cases outside scan mode, ${DESK_RUNS} scans in it`);
});
afterAll(async () => {
  if (skipped.length > 0) console.log(`scan invariant: ${skipped.length} case(s) skipped, written off their timing: ${skipped.join(' | ')}`);
  session?.kill('SIGKILL');
  await session?.exited;
  await sandbox?.stop();
});

const posts = () => sandbox.requests.filter((r) => r.line.startsWith('POST ')).map((r) => r.line);
const receives = () => posts().map((line) => /\/return_orders\/(\d+)\/receive /.exec(line)?.[1]).filter((id) => id !== undefined).map(Number);
const writesLogged = async () => (await readAudit(join(root, 'state', 'returns-console'), { limit: 1_000 })).entries.filter((e) => e.action === 'review' || e.action === 'receive');

/** True when the list is on top, browsing (its own footer, no prompt, question or panel over it). */
const isListShown = (screen: string) => screen.includes('Filters:') && screen.includes('Enter open') && screen.includes('Space mark') && !/\(y\/Enter/.test(screen);

/** Back to the list as a person would: Esc until it shows (a dead or stuck console fails here). */
async function backToList(why: string): Promise<void> {
  const type = typist(session, 10_000);
  for (let i = 0; i < 8 && !isListShown(session.screen()); i++) await type(KEY.escape);
  await session.waitForScreen(isListShown, 10_000).catch(() => {
    throw new Error(`${why}: the console did not come back to the list with Esc; screen:\n${session.screen()}`);
  });
  if (/\d+ marked/.test(session.screen())) await type('U', /^(?![\s\S]*\d+ marked)/);
}

/** Opens `name` with quick find (its scan handler looks a scanned name up and opens a single match). */
async function openOrder(id: number): Promise<void> {
  const type = typist(session, 15_000);
  await type('/', 'Find (');
  await type(`#N${id}\r`, `Order #N${id}`);
}

/** Moves the list's cursor down to order `id` (on the first page), one row at a time as drawn, and marks it. */
async function markRow(id: number): Promise<void> {
  const cursorLine = () => session.screen().split('\n').find((line) => line.startsWith('›')) ?? '';
  // From the top of the first page: an earlier scan may have left the cursor anywhere, even on
  // another page (its letters are keys outside scan mode).
  const page = () => Number(/ page (\d+) · /.exec(session.screen())?.[1] ?? 1);
  for (let i = 0; i < 5 && page() > 1; i++) await typist(session, 10_000)('p', ` page ${page() - 1} · `);
  if (!/ page 1 · /.test(session.screen())) throw new Error(`the list did not come back to page 1; screen:\n${session.screen()}`);
  session.write('g');
  await session.waitForScreen(() => cursorLine().includes(' 1299 '), 10_000);
  for (let i = 0; i < 30 && !cursorLine().includes(` ${id} `); i++) {
    const before = cursorLine();
    session.write('j');
    await session.waitForScreen(() => cursorLine() !== before, 10_000);
  }
  if (!cursorLine().includes(` ${id} `)) throw new Error(`order ${id} not found on the first page; screen:\n${session.screen()}`);
  await typist(session, 15_000)(' ', '1 marked');
}

/** Sets up `screen` from the list, as a person does. */
async function open(screen: Screen): Promise<void> {
  const type = typist(session, 15_000);
  switch (screen) {
    case 'list':
      return;
    case 'marked':
      return type(' ', '1 marked');
    case 'pending-order':
      return openOrder(PENDING[1]!);
    case 'reviewed-order':
      await openOrder(REVIEWED[20]!);
      return void (await session.waitForText('Reviewed: press r', 15_000));
    case 'review-question':
      await openOrder(PENDING[2]!);
      await type('A', '→ approve');
      return type('s', 'Send the review of');
    case 'receive-question':
      await openOrder(REVIEWED[21]!);
      await session.waitForText('Reviewed: press r', 15_000);
      return type('r', 'as received?');
    // A question is asked only of orders it can work on (a reviewed one, a pending one).
    case 'bulk-receive-question':
      await markRow(REVIEWED[21]!);
      return type('r', /Mark 1 order received/);
    case 'approve-all-question':
      await markRow(PENDING[21]!);
      return type('A', /Approve every undecided item/);
    case 'filter':
      return type('f', 'Statuses');
    case 'find':
      return type('/', 'Find (');
    case 'command':
      return type(':', 'Tab completes');
    case 'overview':
      return type('o', ' · overview');
    case 'log':
      return type('L', 'Activity log');
    case 'help':
      return type('?', 'Help: keys');
  }
}

/** Types `scan`; false when this process could not write it on the scanner's time. */
async function typeScan(scan: SlowScan, what: string): Promise<boolean> {
  const written = await typeSlowScan((chunk) => session.write(chunk), scan);
  if (isWithinModel(written)) return true;
  skipped.push(`${what}: written with gaps ${written.map((g) => Math.round(g)).join(',')}`);
  return false;
}

describe('a scan is never a command', { timeout: 600_000 }, () => {
  it('the scan of the report: AO1830 at 35 and at 60 ms a character on the list of pending orders writes nothing', async () => {
    const type = typist(session, 15_000);
    // Typed, then Enter after a person's pause (a line and its Enter in one read is a scan, typed in without its Enter).
    const command = async (line: string, text: string) => {
      await type(':', 'Tab completes');
      await type(line, `:${line}`);
      await deliberateTypist(session, 15_000)('\r', text);
    };
    await backToList('before the report scan');
    await command('status pending', 'Filters: status pending');
    for (const msPerChar of [35, 60]) {
      const chars = [...'AO1830\r'];
      await typeSlowScan((chunk) => session.write(chunk), { chars, gaps: chars.map((_, i) => (i === 0 ? 0 : msPerChar)) });
      // Its A opened the approve-all question (unless the gap it learned took it as a scan); its Enter did not answer it.
      await session.waitForText(/Approve every undecided item|Scan "AO1830"/, 10_000);
      await sleep(SETTLE_MS);
      expect(posts(), `at ${msPerChar} ms a character; screen:\n${session.screen()}`).toEqual([]);
      await backToList(`after the report scan at ${msPerChar} ms`);
    }
    await command('clear', 'Filters: all orders');
  });

  it('outside scan mode, a slow scan on any screen writes nothing, and the console still answers', async () => {
    const sizes = fc.constantFrom(...SIZES);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SCREENS), slowScanArbitrary(REAL_CODES), fc.integer({ min: 0, max: 1_500 }), sizes, async (screen, scan, openForMs, [cols, rows]) => {
        const what = `${screen} at ${cols}x${rows}, question open ${openForMs} ms, scan ${describeScan(scan)}`;
        session.resize(cols, rows);
        await backToList(`before ${what}`);
        const before = { posts: posts().length, logged: (await writesLogged()).length };
        await open(screen);
        await sleep(openForMs);
        const isTimed = await typeScan(scan, what);
        await sleep(SETTLE_MS);
        if (isTimed) {
          expect(posts().slice(before.posts), `the sandbox saw a write after ${what}; screen:\n${session.screen()}`).toEqual([]);
          expect((await writesLogged()).slice(before.logged), `the activity log has a write after ${what}`).toEqual([]);
        }
        await backToList(`after ${what}`);
        fc.pre(isTimed);
      }),
      { seed: SEED, numRuns: OUTSIDE_RUNS, endOnFailure: true, maxSkipsPerRun: 2 },
    );
    // A person's keys still work: the same question answered on purpose does write.
    session.resize(100, 30);
    await open('receive-question');
    await deliberateTypist(session)('y', 'Order received');
    expect(receives().at(-1)).toBe(REVIEWED[21]);
    await backToList('after the deliberate receive');
  });

  it('in scan mode, every reviewed order scanned is received exactly once', async () => {
    const reviewed = REVIEWED.slice(4, 20);
    await backToList('before scan mode');
    await deliberateTypist(session)('S', 'SCAN MODE · receiving desk');
    await sleep(600);
    const scanned = new Set<number>();
    let done = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...reviewed).map((id) => `#N${id}`) }, fc.constantFrom('#N9999', 'ZZ-404', `#N${REVIEWED[21]}`)),
        slowScanArbitrary(),
        fc.boolean(),
        async (code, shape, isRepeated) => {
          // The scan's timing with this code's characters (a repeat: the same label twice in a row).
          const scan: SlowScan = { chars: [...code, shape.chars.at(-1)!], gaps: [0, ...[...code].map((_, i) => shape.gaps[Math.min(i + 1, shape.gaps.length - 1)]!)] };
          const what = `scan ${describeScan(scan)}${isRepeated ? ' twice' : ''}`;
          const times = isRepeated ? 2 : 1;
          for (let i = 0; i < times; i++) {
            await typeScan(scan, what);
            done += 1;
            await session.waitForText(new RegExp(`Scans this session \\(${done}, newest first\\)`), 30_000);
          }
          const id = /^#N(\d+)$/.exec(code)?.[1];
          if (id !== undefined && reviewed.includes(Number(id))) scanned.add(Number(id));
          await sleep(400);
          const seen = receives().filter((r) => r !== REVIEWED[21]);
          expect(new Set(seen).size, `a receive sent twice after ${what}: ${seen.join(', ')}`).toBe(seen.length);
          expect(new Set(seen), `after ${what}; screen:\n${session.screen()}`).toEqual(scanned);
        },
      ),
      { seed: SEED, numRuns: DESK_RUNS, endOnFailure: true },
    );
    const entries = await writesLogged();
    const logged = entries.filter((e) => e.source === 'scan').map((e) => e.orderId);
    expect(new Set(logged), `the activity log's writes from scan mode: ${JSON.stringify(entries.filter((e) => e.source === 'scan'))}`).toEqual(scanned);
    expect(logged).toHaveLength(scanned.size);
  });
});

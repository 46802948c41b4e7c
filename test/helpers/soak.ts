/**
 * The fault soak: bulk receives and reviews from the built commands, reviews, bulk runs and
 * scans from the built console, one after another on one profile's state, against the real
 * sandbox failing on purpose (its --fail-rate) behind a proxy that drops connections and adds
 * latency spikes; each process is stopped at a random moment by SIGTERM, SIGHUP, SIGINT or
 * kill -9, or left to finish. Then the service is calmed, one more start settles what was
 * left, and the activity log is checked against the sandbox's request log (soak-check.ts),
 * and every saved draft of an order still pending against the disk. Seeded: the same seed
 * makes the same choices (timing still varies). Used by test/e2e/fault-soak.test.ts and
 * bench/soak/run.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DELIBERATE_PAUSE_MS } from './deliberate.js';
import { readAudit } from '../../src/local/audit-log.js';
import { createRng, type Rng } from '../../src/sandbox/demo/prng.js';
import { startCuttingProxy } from './cutting-proxy.js';
import { KEYS, makeFixture, type Fixture } from './fixture.js';
import { BUILT_CONSOLE, KEY, spawnPty, type PtySession } from './pty.js';
import { startTestSandbox } from './sandbox.js';
import { checkSoak, type RequestLine } from './soak-check.js';

export interface SoakOptions {
  readonly seed: string;
  readonly steps: number;
  /** Called with one line per step. */
  readonly onStep?: (line: string) => void;
}

type Ending = 'finished' | 'SIGTERM' | 'SIGHUP' | 'SIGINT' | 'SIGKILL';
type StepKind = 'cli-receive' | 'cli-review' | 'console-review' | 'console-bulk' | 'console-scan';

export interface StepRecord {
  readonly kind: StepKind;
  readonly ids: readonly number[];
  readonly ending: Ending;
  readonly exit: number | null;
  readonly ms: number;
}

export interface SoakReport {
  readonly seed: string;
  readonly steps: readonly StepRecord[];
  /** Requests the sandbox answered, writes it applied, and writes in the activity log. */
  readonly requests: number;
  readonly applied: number;
  readonly logged: number;
  /** Writes a later start read back (their process was stopped or killed with them in flight). */
  readonly settledLater: number;
  readonly problems: readonly string[];
  readonly elapsedMs: number;
}

const STEP_KINDS: readonly StepKind[] = ['cli-receive', 'cli-review', 'console-review', 'console-bulk', 'console-scan'];
const STEP_WEIGHTS = [35, 20, 15, 15, 15];
const ENDINGS: readonly Ending[] = ['finished', 'SIGTERM', 'SIGHUP', 'SIGINT', 'SIGKILL'];
const ENDING_WEIGHTS = [30, 20, 15, 10, 25];
/** Longest a step may run before it is killed and counted as hung. */
const STEP_CAP_MS = 60_000;

/** North's orders alternate pending and reviewed (items pending, or decided). */
function soakFixture(): Fixture {
  const fixture = makeFixture(240);
  for (const order of fixture.return_orders) {
    if (order.shop_id !== 'shop_north') continue;
    const isPending = order.id % 2 === 0;
    order.status = isPending ? 'pending' : 'reviewed';
    for (const item of [...order.refunds, ...order.exchanges]) item.status = isPending ? 'pending' : 'approved';
  }
  return fixture;
}

interface World {
  /** The choices of the steps (kinds, orders, endings, moments): the same for the same seed. */
  readonly rng: Rng;
  /** Writes the service has applied and not yet answered (the proxy holds them). */
  readonly held: () => number;
  readonly url: string;
  readonly root: string;
  readonly env: Record<string, string>;
  readonly pending: readonly number[];
  readonly reviewed: readonly number[];
  /** Orders whose review a console step saw saved as a draft. */
  readonly drafted: Set<number>;
}

/** Some of `pool`, without repeats. */
function some(rng: Rng, pool: readonly number[], min: number, max: number): number[] {
  const n = rng.int(min, max);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(rng.pick(pool));
  return [...picked];
}

/**
 * When to stop a process: a third of the time at a random moment, else once the service holds
 * an applied write's answer back (the moment that loses a write without write-ahead).
 */
async function stopMoment(world: World, exited: Promise<unknown>, minMs: number, maxMs: number): Promise<void> {
  const pause = sleep(world.rng.int(minMs, maxMs));
  if (world.rng.next() < 1 / 3) {
    await Promise.race([pause, exited]);
    return;
  }
  const inFlight = (async () => {
    while (world.held() === 0) await sleep(10);
  })();
  await Promise.race([inFlight, exited, sleep(STEP_CAP_MS / 2)]);
}

/** Runs `args` of the built CLI; `ending` stops it (see stopMoment). */
async function cliStep(world: World, args: readonly string[], ending: Ending): Promise<number | null> {
  const child = spawn(process.execPath, [BUILT_CONSOLE, ...args], { env: world.env, stdio: ['ignore', 'ignore', 'ignore'] });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  if (ending !== 'finished') {
    await stopMoment(world, exited, 50, 2_500);
    child.kill(ending);
  }
  const cap = setTimeout(() => child.kill('SIGKILL'), STEP_CAP_MS);
  const code = await exited;
  clearTimeout(cap);
  return code;
}

/** Drives the console through `act`, then stops it as `ending` says (q when it finishes). */
async function consoleStep(world: World, args: readonly string[], ending: Ending, act: (session: PtySession, press: (keys: string, text?: string | RegExp) => Promise<void>) => Promise<void>): Promise<number | null> {
  const session = spawnPty({ args: [BUILT_CONSOLE, ...args], env: world.env, cols: 120, rows: 40 });
  // A question's yes, S and q count only on their own: a person's pause before them.
  const press = async (keys: string, text?: string | RegExp) => {
    await sleep(['y', 'S', 'q'].includes(keys) ? DELIBERATE_PAUSE_MS : 150);
    session.write(keys);
    if (text !== undefined) await session.waitForText(text, 20_000);
  };
  const acting = act(session, press).catch(() => undefined);
  if (ending === 'finished') {
    await acting;
    await sleep(500);
    session.write(KEY.escape);
    await sleep(DELIBERATE_PAUSE_MS);
    session.write('q');
  } else {
    await stopMoment(world, session.exited, 300, 4_000);
    session.kill(ending);
  }
  const cap = setTimeout(() => session.kill('SIGKILL'), STEP_CAP_MS);
  const { exitCode, signal } = await session.exited;
  clearTimeout(cap);
  return signal ? null : exitCode;
}

async function runStep(world: World, kind: StepKind, ending: Ending): Promise<{ readonly ids: number[]; readonly exit: number | null }> {
  const { rng } = world;
  switch (kind) {
    case 'cli-receive': {
      const ids = some(rng, rng.next() < 0.15 ? [...world.reviewed, ...world.pending] : world.reviewed, 1, 6);
      return { ids, exit: await cliStep(world, ['receive', ...ids.map(String), '--concurrency', String(rng.int(1, 4)), ...(rng.next() < 0.5 ? ['--json'] : [])], ending) };
    }
    case 'cli-review': {
      const ids = [rng.pick(world.pending)];
      return { ids, exit: await cliStep(world, ['review', String(ids[0]), '--approve-all'], ending) };
    }
    case 'console-review': {
      const id = rng.pick(world.pending);
      const exit = await consoleStep(world, ['--ids', String(id)], ending, async (session, press) => {
        await session.waitForText(`#N${id}`, 30_000);
        await press(KEY.enter, `Order #N${id}`);
        await session.waitForText(/Jacket|No longer pending|not pending|reviewed/, 30_000);
        await press('A');
        await session.waitForText('draft saved', 10_000);
        world.drafted.add(id);
        await press('s', /Send the review/);
        await press('y', /Review sent|not confirmed|not sent|no longer pending/i);
      });
      return { ids: [id], exit };
    }
    case 'console-bulk': {
      const ids = some(rng, world.reviewed, 2, 5);
      const exit = await consoleStep(world, ['--ids', ids.join(',')], ending, async (session, press) => {
        await session.waitForText(`#N${Math.max(...ids)}`, 30_000);
        await press('*', /marked/);
        await press('r', /Mark \d+ orders? received|Nothing to receive/);
        if (session.screen().includes('Nothing to receive')) return;
        await press('y', /finished|stopped/);
      });
      return { ids, exit };
    }
    case 'console-scan': {
      const ids = some(rng, world.reviewed, 1, 4);
      const exit = await consoleStep(world, [], ending, async (session, press) => {
        await session.waitForText('Filters:', 30_000);
        await press('S', 'SCAN MODE');
        for (const id of ids) session.write(`#N${id}\r`);
        await session.waitForText(`Scans this session (${ids.length}`, 30_000);
      });
      return { ids, exit };
    }
  }
}

/** Runs the soak and checks it; never throws for a broken invariant (the report lists it). */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const rng = createRng(`${options.seed}:steps`);
  // The network's faults draw from their own sequence: how many requests a step makes varies with timing.
  const chaosRng = createRng(`${options.seed}:chaos`);
  const root = mkdtempSync(join(tmpdir(), 'rc-soak-'));
  const requestLog = join(root, 'requests.jsonl');
  const fixture = soakFixture();
  const sandbox = await startTestSandbox({ fixture, failRate: 0.08, requestLogPath: requestLog });
  const proxy = await startCuttingProxy(sandbox.url);
  proxy.setChaos({ random: () => chaosRng.next(), cutBeforeRate: 0.04, cutAfterRate: 0.06, spikeRate: 0.1, writeSpikeRate: 0.5, spikeMs: [300, 3_000] });
  const north = fixture.return_orders.filter((o) => o.shop_id === 'shop_north');
  const world: World = {
    rng,
    held: proxy.held,
    url: proxy.url,
    root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: root,
      XDG_STATE_HOME: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'config'),
      XDG_DATA_HOME: join(root, 'data'),
      RETURNS_API_KEY: KEYS.north,
      RETURNS_BASE_URL: proxy.url,
      NO_COLOR: '1',
    },
    pending: north.filter((o) => o.status === 'pending').map((o) => o.id),
    reviewed: north.filter((o) => o.status === 'reviewed').map((o) => o.id),
    drafted: new Set(),
  };
  const steps: StepRecord[] = [];
  try {
    for (let i = 0; i < options.steps; i++) {
      const kind = STEP_KINDS[rng.weighted(STEP_WEIGHTS)]!;
      const ending = ENDINGS[rng.weighted(ENDING_WEIGHTS)]!;
      // Answers an earlier (stopped) step left held drain first: a held write now is this step's.
      for (let waited = 0; proxy.held() > 0 && waited < 5_000; waited += 50) await sleep(50);
      const stepStarted = Date.now();
      const { ids, exit } = await runStep(world, kind, ending);
      const record: StepRecord = { kind, ids, ending, exit, ms: Date.now() - stepStarted };
      steps.push(record);
      options.onStep?.(`soak ${options.seed} step ${i + 1}/${options.steps}: ${kind} ${ids.join(',')} ${ending} → exit ${exit} (${record.ms} ms)`);
    }
    // Calm: the next start reads back what the stopped and killed processes left in flight.
    proxy.setChaos(null);
    const stateDir = join(world.env.XDG_STATE_HOME!, 'returns-console');
    let entries = (await readAudit(stateDir, { limit: 1_000_000, isKeepingAnsweredSends: true })).entries;
    for (let attempt = 0; attempt < 3; attempt++) {
      await cliStep(world, ['receive', '999999'], 'finished');
      entries = (await readAudit(stateDir, { limit: 1_000_000, isKeepingAnsweredSends: true })).entries;
      const requests = readRequests(requestLog);
      if (checkSoak(entries, requests).problems.every((p) => !p.includes('has no outcome'))) break;
    }
    const requests = readRequests(requestLog);
    const check = checkSoak(entries, requests);
    const problems = [...check.problems, ...lostDrafts(world, requests, stateDir)];
    return {
      seed: options.seed,
      steps,
      requests: requests.length,
      applied: check.applied,
      logged: check.writes.length,
      settledLater: check.writes.filter((w) => w.isSettledLater).length,
      problems,
      elapsedMs: Date.now() - started,
    };
  } finally {
    await proxy.close();
    await sandbox.close();
  }
}

function readRequests(path: string): RequestLine[] {
  return readFileSync(path, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as RequestLine);
}

/** Orders a console step saved a draft for, still unreviewed by the service, whose draft is gone (the one profile's drafts directory). */
function lostDrafts(world: World, requests: readonly RequestLine[], stateDir: string): string[] {
  const draftsDir = join(stateDir, 'drafts');
  const profiles = existsSync(draftsDir) ? readdirSync(draftsDir) : [];
  const hasDraft = (id: number) => profiles.some((p) => existsSync(join(draftsDir, p, `order-${id}.json`)));
  const reviewed = new Set(requests.filter((r) => r.route === 'review' && r.applied).map((r) => r.order_id));
  return [...world.drafted].filter((id) => !reviewed.has(id) && !hasDraft(id)).map((id) => `the draft of order ${id} was lost`);
}

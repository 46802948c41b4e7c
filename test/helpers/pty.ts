/**
 * Runs a program in a real pseudo-terminal (node-pty) and reads its screen through a
 * headless xterm, for end-to-end tests of the built console. Waits poll the screen; the
 * time limits are upper bounds for a stuck run, not measurements.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import xterm, { type IBuffer } from '@xterm/headless';
import pty from '@lydell/node-pty';
import { KEYS } from './fixture.js';

/** The built console (`node scripts/build.mjs` writes it; `npm test` builds first). */
export const BUILT_CONSOLE = join(process.cwd(), 'dist', 'returns-console.js');

/** Throws a clear message when the bundle is missing. */
export function assertBuilt(): void {
  if (!existsSync(BUILT_CONSOLE)) {
    throw new Error(`${BUILT_CONSOLE} is missing: run "node scripts/build.mjs" (npm test does it first).`);
  }
}

/** Key sequences as a terminal sends them (each one goes in one write). */
export const KEY = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  enter: '\r',
  escape: '\x1b',
  tab: '\t',
  shiftTab: '\x1b[Z',
  backspace: '\x7f',
  space: ' ',
  ctrlC: '\x03',
} as const;

export interface PtyOptions {
  readonly file?: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly cols?: number;
  readonly rows?: number;
}

export interface PtySession {
  /** The visible screen as lines (trailing spaces trimmed). */
  lines(): string[];
  /** The visible screen as one string. */
  screen(): string;
  /** Everything the program wrote, raw. */
  output(): string;
  /** The emulator's active buffer: every cell with its colours and attributes (for pictures). */
  buffer(): IBuffer;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** Resolves when the screen contains `match` (string or regex); rejects after `timeoutMs`. */
  waitForText(match: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves when `check(screen)` is true; rejects after `timeoutMs` with the screen. */
  waitForScreen(check: (screen: string) => boolean, timeoutMs?: number): Promise<void>;
  /** True while the program shows the alternate screen buffer. */
  isAlternateScreen(): boolean;
  /** True unless the program's last cursor command hid the cursor. */
  isCursorVisible(): boolean;
  /** Resolves with the exit code when the program ends. */
  readonly exited: Promise<{ readonly exitCode: number; readonly signal?: number }>;
  kill(signal?: string): void;
}

/**
 * The child's environment: ours plus `extra`, without undefined values. CI markers stay: a
 * console started from a shell with CI set must draw as in any other terminal.
 */
function ptyEnv(extra: NodeJS.ProcessEnv = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', ...extra })) {
    if (v !== undefined) env[k] = v;
  }
  return env;
}

/** Quiet time that ends a burst of output (one frame written in several reads). */
const SETTLE_MS = 25;
/** Longest wait for that quiet after a match. */
const MAX_SETTLE_MS = 250;

/** Starts `file args` (default: node) in a pseudo-terminal of `cols` x `rows` (default 100x30). */
export function spawnPty(options: PtyOptions): PtySession {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  const proc = pty.spawn(options.file ?? process.execPath, [...options.args], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: options.cwd ?? process.cwd(),
    env: ptyEnv(options.env),
  });
  let raw = '';
  let pending = Promise.resolve();
  let lastDataAt = 0;
  const listeners = new Set<() => void>();
  proc.onData((data) => {
    raw += data;
    lastDataAt = performance.now();
    // xterm parses asynchronously; checks run after the write has been applied.
    pending = new Promise<void>((resolve) => term.write(data, resolve)).then(() => {
      for (const l of listeners) l();
    });
  });
  const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) => {
    proc.onExit((e) => void pending.then(() => resolve(e)));
  });

  const lines = (): string[] => {
    const buf = term.buffer.active;
    const out: string[] = [];
    // Only the columns the terminal has: cells past its width stay in xterm's buffer after a narrowing, unseen.
    for (let i = 0; i < term.rows; i++) out.push(buf.getLine(buf.viewportY + i)?.translateToString(true, 0, term.cols).trimEnd() ?? '');
    return out;
  };
  const screen = () => lines().join('\n');

  const waitForScreen = (check: (s: string) => boolean, timeoutMs = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const test = () => {
        if (!check(screen())) return;
        cleanup();
        // A frame can reach the terminal in more than one read (the pty splits large
        // writes): what matched may be its top half. The caller's next look at the screen
        // should see the whole frame, so wait until the output pauses (bounded: a screen
        // that redraws all the time, such as a spinner, is taken as it is).
        const started = performance.now();
        const settle = () => {
          const now = performance.now();
          if (now - lastDataAt >= SETTLE_MS || now - started >= MAX_SETTLE_MS) void pending.then(() => resolve());
          else setTimeout(settle, SETTLE_MS);
        };
        setTimeout(settle, SETTLE_MS);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`screen did not match within ${timeoutMs} ms; screen:\n${screen()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(test);
      };
      listeners.add(test);
      void pending.then(test);
    });

  return {
    lines,
    screen,
    output: () => raw,
    buffer: () => term.buffer.active,
    write: (data) => proc.write(data),
    resize: (c, r) => {
      proc.resize(c, r);
      term.resize(c, r);
    },
    waitForText: (match, timeoutMs) =>
      waitForScreen((s) => (typeof match === 'string' ? s.includes(match) : match.test(s)), timeoutMs),
    waitForScreen,
    isAlternateScreen: () => term.buffer.active.type === 'alternate',
    isCursorVisible: () => raw.lastIndexOf('\x1b[?25l') <= raw.lastIndexOf('\x1b[?25h'),
    exited,
    kill: (signal) => proc.kill(signal),
  };
}

/**
 * The built console in a shell that prints `EXIT=<code>` when it ends (then runs `after`,
 * e.g. `stty -a`), with a home of its own under `home` (config, state and data in it) and
 * the north key; `env` adds to or removes from that environment.
 */
export function spawnConsoleInShell(options: {
  readonly args: readonly string[];
  readonly home: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly after?: string;
  readonly cols?: number;
  readonly rows?: number;
}): PtySession {
  const script = `"${process.execPath}" "${BUILT_CONSOLE}" "$@"; echo "EXIT=$?"${options.after ? `; ${options.after}` : ''}`;
  const { home } = options;
  return spawnPty({
    file: '/bin/sh',
    args: ['-c', script, 'sh', ...options.args],
    cols: options.cols ?? 100,
    rows: options.rows ?? 30,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      XDG_DATA_HOME: join(home, 'data'),
      RETURNS_API_KEY: KEYS.north,
      RETURNS_BASE_URL: undefined,
      RETURNS_PROFILE: undefined,
      RETURNS_CONFIG: undefined,
      NO_COLOR: '1',
      ...options.env,
    },
  });
}

/**
 * The terminal oracle: a terminal for Ink to draw on as it draws on a real one (a TTY
 * stream of a size, the console's own render options, incremental frames and all), whose
 * every byte goes into a headless xterm. Whenever the terminal is not inside a synchronized
 * update (DEC mode 2026) and has taken every byte written so far, its screen must be
 * exactly the frame Ink last built (seen through src/ui/ink/row-cached-output.ts
 * `observeFrames`): no stale text, nothing missing, no half-drawn frame shown.
 */
import { EventEmitter } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import xterm from '@xterm/headless';
import { observeFrames, type ObservedFrame } from '../../src/ui/ink/row-cached-output.js';

/** A mismatch between the screen and the frame meant, as lines for a failure message. */
export interface ScreenMismatch {
  readonly expected: readonly string[];
  readonly actual: readonly string[];
  /** Bytes written up to the mismatch. */
  readonly written: number;
}

/** The terminal's end of a fake TTY: columns, rows, resize events, and what was written. */
export class FakeTtyOut extends EventEmitter {
  readonly isTTY = true;
  columns: number;
  rows: number;
  readonly chunks: string[] = [];
  private readonly onChunk: (chunk: string) => void;

  constructor(columns: number, rows: number, onChunk: (chunk: string) => void) {
    super();
    this.columns = columns;
    this.rows = rows;
    this.onChunk = onChunk;
  }

  write(chunk: string | Uint8Array, encodingOrDone?: unknown, done?: unknown): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    this.chunks.push(text);
    this.onChunk(text);
    const callback = typeof encodingOrDone === 'function' ? encodingOrDone : typeof done === 'function' ? done : undefined;
    if (callback) (callback as () => void)();
    return true;
  }
}

/** The keyboard's end of a fake TTY (what Ink reads keys from). */
export class FakeTtyIn extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  setRawMode(): this {
    return this;
  }
  setEncoding(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  read(): string | null {
    const { data } = this;
    this.data = null;
    return data;
  }
  /** Types `data` as a terminal sends it. */
  type(data: string): void {
    this.data = data;
    this.emit('readable');
  }
}

/** The frame's text lines as a terminal shows them (no styles, no trailing spaces), `rows` of them. */
export function screenOf(frame: string, rows: number): string[] {
  const lines = stripVTControlCharacters(frame).split('\n').map((l) => l.trimEnd());
  return Array.from({ length: rows }, (_, i) => lines[i] ?? '');
}

/**
 * A headless terminal of `columns` x `rows` fed by a FakeTtyOut, checking the screen against
 * the frame meant after every write that leaves it outside a synchronized update.
 */
export function terminalOracle(columns: number, rows: number) {
  // convertEol: a terminal's line discipline turns each \n written into \r\n (ONLCR), as the pty of a real terminal does.
  const term = new xterm.Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 0, convertEol: true });
  let meant: string | null = null;
  let written = 0;
  let pending = Promise.resolve();
  const mismatches: ScreenMismatch[] = [];
  let syncWrites = 0;
  const lines = (): string[] => {
    const buffer = term.buffer.active;
    return Array.from({ length: term.rows }, (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true, 0, term.cols).trimEnd() ?? '');
  };
  const frames: { readonly frame: ObservedFrame; readonly columns: number; readonly rows: number }[] = [];
  /** What happened when, in characters written: frames built, resizes (for a failure's story). */
  const events: string[] = [];
  const unobserve = observeFrames((frame) => {
    meant = frame.output;
    frames.push({ frame, columns: stdout.columns, rows: stdout.rows });
    events.push(`${written}: frame ${frame.width}x${frame.height} at ${stdout.columns}x${stdout.rows}`);
  });
  const stdout = new FakeTtyOut(columns, rows, (chunk) => {
    written += chunk.length;
    if (chunk.includes('\u001b[?2026h')) syncWrites++;
    // What the console meant when it wrote this: the frame Ink built last.
    const expected = meant;
    const at = written;
    pending = pending.then(
      () =>
        new Promise<void>((resolve) =>
          term.write(chunk, () => {
            if (expected !== null && !term.modes.synchronizedOutputMode) {
              const want = screenOf(expected, term.rows);
              const got = lines();
              if (want.some((line, i) => line !== got[i])) mismatches.push({ expected: want, actual: got, written: at });
            }
            resolve();
          }),
        ),
    );
  });
  return {
    stdout,
    stdin: new FakeTtyIn(),
    mismatches,
    /** Every frame Ink built, with the terminal's size then (for the layout oracle). */
    frames,
    events,
    /** The frame Ink built last, as screen lines (empty before the first). */
    frame: (): string[] => (meant === null ? [] : screenOf(meant, stdout.rows)),
    /** Frames written inside a synchronized update so far. */
    syncedFrames: () => syncWrites,
    lines,
    /** Resolves once the terminal has taken every byte written so far. */
    settled: () => pending,
    /**
     * Resizes the terminal and tells the console at the same moment, once the terminal has
     * taken everything written before: a real terminal tells its program a moment later, and
     * what the program writes in between is drawn for the old size (nothing can prevent that;
     * the console's next frame, which erases and draws, repairs it).
     */
    async resize(c: number, r: number) {
      for (let at = -1; at !== written; ) {
        at = written;
        await pending;
      }
      term.resize(c, r);
      events.push(`${written}: resize to ${c}x${r}`);
      stdout.columns = c;
      stdout.rows = r;
      stdout.emit('resize');
    },
    stop() {
      unobserve();
      term.dispose();
    },
  };
}

/** The first mismatch, as a failure message. */
export function describeMismatch(m: ScreenMismatch): string {
  const rows = m.expected.map((line, i) => `${line === m.actual[i] ? ' ' : '✗'} meant: ${JSON.stringify(line)}\n${line === m.actual[i] ? ' ' : '✗'} shown: ${JSON.stringify(m.actual[i])}`);
  return `after ${m.written} characters written:\n${rows.join('\n')}`;
}

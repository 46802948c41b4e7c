/**
 * The screen a terminal shows, for timing frames that Ink writes in part: with
 * incrementalRendering Ink writes only the lines that changed, and of a changed line only
 * what follows its unchanged start, so a frame cannot be told by its text alone. A headless
 * xterm parses the output chunk by chunk; a wait resolves with the arrival time of the chunk
 * after which the screen passes its check (the parsing itself comes after that time).
 */
import { performance } from 'node:perf_hooks';
import xterm from '@xterm/headless';

export class TimedScreen {
  readonly #term: xterm.Terminal;
  readonly #listeners = new Set<(at: number) => void>();
  /** The output parsed so far. */
  #parsed = '';

  constructor(cols: number, rows: number) {
    this.#term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  }

  /** Feeds a chunk of output that arrived at `at` (performance.now). */
  feed(data: string, at: number): void {
    this.#term.write(data, () => {
      this.#parsed += data;
      for (const listener of [...this.#listeners]) listener(at);
    });
  }

  /** Length of the output parsed so far (a `from` for waitFor). */
  parsedLength(): number {
    return this.#parsed.length;
  }

  /** The visible lines, trailing spaces trimmed. */
  lines(): string[] {
    const buffer = this.#term.buffer.active;
    return Array.from({ length: this.#term.rows }, (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
  }

  /**
   * Resolves with the arrival time of the first chunk, parsed after `from`, after which
   * `check(lines, output parsed since from)` holds (now, if it holds already).
   */
  waitFor(check: (lines: string[], output: string) => boolean, options: { readonly from: number; readonly timeoutMs: number }): Promise<number> {
    return new Promise((resolve, reject) => {
      const listener = (at: number) => {
        if (!check(this.lines(), this.#parsed.slice(options.from))) return;
        cleanup();
        resolve(at);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`the screen did not match within ${options.timeoutMs} ms; screen:\n${this.lines().join('\n')}`));
      }, options.timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
      };
      this.#listeners.add(listener);
      listener(performance.now());
    });
  }
}

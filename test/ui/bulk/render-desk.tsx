/**
 * Renders the whole console (shell, list, desk) against a real sandbox for the bulk and
 * scan screen tests, like test/ui/render-console.tsx but with the client's retry options
 * exposed (runs against --fail-rate need quick retries), a fresh QueryClient with retries
 * off, and a temporary state directory whose activity log the tests read back.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { vi } from 'vitest';
import { createClient } from '../../../src/api/client/index.js';
import { pauseForDeliberateKey } from '../../helpers/deliberate.js';
import { typeAsScanner } from '../../helpers/scanner.js';
import type { ListFilters } from '../../../src/api/list-params.js';
import { App } from '../../../src/ui/app.js';
import { ConsoleRoot } from '../../../src/ui/console-root.js';
import { makeTheme } from '../../../src/ui/context/theme-context.js';
import { createConsoleQueryClient } from '../../../src/ui/queries/query-client.js';
import type { ConsoleServices } from '../../../src/ui/services.js';
import { KEYS } from '../../helpers/fixture.js';

export interface RenderDeskOptions {
  readonly baseUrl: string;
  readonly filters?: ListFilters;
  readonly limit?: number;
  readonly isReadOnly?: boolean;
  readonly maxRetries?: number;
  readonly backoffBaseMs?: number;
  readonly columns?: number;
  readonly rows?: number;
  /** The profile's scan_code_pattern, compiled. */
  readonly scanCodePattern?: RegExp;
  /** A state directory prepared beforehand (e.g. with drafts); a fresh one by default. */
  readonly stateDir?: string;
}

/** Sets the fake terminal's size and tells Ink and the console, as a real resize does. */
export function resize(stdout: NodeJS.EventEmitter, columns: number, rows: number): void {
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
  stdout.emit('resize');
}

/** Renders the console; call `cleanup` in afterEach. */
export function renderDesk(options: RenderDeskOptions) {
  const client = createClient({
    baseUrl: options.baseUrl,
    apiKey: KEYS.north,
    maxRetries: options.maxRetries ?? 0,
    backoffBaseMs: options.backoffBaseMs ?? 5,
  });
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'rc-desk-state-'));
  const services: ConsoleServices = {
    client,
    profile: { name: 'north', stateName: 'north', serviceHost: new URL(options.baseUrl).host, isSandbox: false, rejectReasons: ['Damaged'], refreshIntervalMs: 0, scanCodePattern: options.scanCodePattern ?? null },
    isReadOnly: options.isReadOnly ?? false,
    stateDir,
    now: Date.now,
  };
  const queryClient = createConsoleQueryClient();
  const view = render(
    <ConsoleRoot services={services} queryClient={queryClient} theme={makeTheme(false)}>
      <App initialFilters={options.filters ?? {}} initialLimit={options.limit ?? 50} />
    </ConsoleRoot>,
  );
  resize(view.stdout, options.columns ?? 120, options.rows ?? 40);

  const frame = () => view.lastFrame() ?? '';
  const waitFor = (texts: readonly (string | RegExp)[], timeout = 15_000) =>
    vi.waitFor(
      () => {
        const f = frame();
        for (const t of texts) {
          if (typeof t === 'string' ? !f.includes(t) : !t.test(f)) throw new Error(`frame lacks ${String(t)}:\n${f}`);
        }
      },
      { timeout, interval: 20 },
    );
  /** Waits until `check(frame)` holds. */
  const waitUntil = (check: (frame: string) => boolean, what: string, timeout = 15_000) =>
    vi.waitFor(
      () => {
        if (!check(frame())) throw new Error(`${what}; frame:\n${frame()}`);
      },
      { timeout, interval: 20 },
    );
  /** Writes one key (or one escape sequence) and waits for every text. */
  const press = async (keys: string, ...texts: (string | RegExp)[]) => {
    view.stdin.write(keys);
    if (texts.length > 0) await waitFor(texts);
  };
  /** Presses a key that counts only on its own (a question's yes, S, q), after a person's pause. */
  const answer = async (keys: string, ...texts: (string | RegExp)[]) => {
    await pauseForDeliberateKey();
    await press(keys, ...texts);
  };
  const cleanup = async () => {
    view.unmount();
    queryClient.clear();
    await client.close();
  };
  /** Types `text` as a barcode scanner does: one character per write, `msPerChar` apart (on the scanner's clock). */
  const scan = (text: string, msPerChar = 8) => typeAsScanner((chunk) => view.stdin.write(chunk), text, msPerChar);
  return { ...view, client, stateDir, queryClient, frame, waitFor, waitUntil, press, answer, scan, cleanup };
}

export type DeskView = ReturnType<typeof renderDesk>;

/** Marks the first `count` rows of the page on screen (Space marks and moves down), checking the count each time. */
export async function markAll(view: DeskView, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) await view.press(' ', `${i} marked`);
}

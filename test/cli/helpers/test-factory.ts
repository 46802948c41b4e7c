/**
 * A Factory for in-process command tests: captured stdout/stderr, a chosen terminal shape,
 * an explicit environment (never the test process's), real disk access, the real key
 * command runner and the real client (against the sandbox).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createClient } from '../../../src/api/client/index.js';
import type { ReturnsClient } from '../../../src/api/client-types.js';
import { diskFileAccess, runShellCommand, type Factory } from '../../../src/cli/factory.js';
import type { StopSignal } from '../../../src/ops/stop-signals.js';

export interface TestFactoryOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly isStdoutTTY?: boolean;
  readonly isStderrTTY?: boolean;
  readonly columns?: number;
  readonly stdin?: string;
  /** Wraps the real client (e.g. to press Ctrl+C at a chosen moment). */
  readonly wrapClient?: (client: ReturnsClient, interrupt: () => void) => ReturnsClient;
  readonly nowMs?: number;
}

export interface TestFactory {
  readonly factory: Factory;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Simulates Ctrl+C. */
  readonly interrupt: () => void;
  /** Simulates a stop signal (SIGINT, SIGTERM, SIGHUP). */
  readonly signal: (signal: StopSignal) => void;
}

/** A temporary directory for one test. */
export function tempDir(prefix = 'rc-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function makeTestFactory(options: TestFactoryOptions = {}): TestFactory {
  let out = '';
  let err = '';
  const handlers = new Set<(signal: StopSignal) => void>();
  const signal = (name: StopSignal) => {
    for (const h of [...handlers]) h(name);
  };
  const interrupt = () => signal('SIGINT');
  const home = tempDir('rc-home-');
  const factory: Factory = {
    io: {
      stdout: { write: (c: string) => (out += c) },
      stderr: { write: (c: string) => (err += c) },
      stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
      isStdoutTTY: options.isStdoutTTY ?? false,
      isStderrTTY: options.isStderrTTY ?? false,
      columns: () => options.columns ?? 80,
    },
    env: { XDG_CONFIG_HOME: join(home, '.config'), ...options.env },
    now: () => options.nowMs ?? Date.parse('2026-11-20T12:00:00Z'),
    platform: process.platform,
    homeDir: home,
    cwd: home,
    fs: diskFileAccess,
    runCommand: runShellCommand,
    createClient: async (o) => {
      const client = createClient({ ...o, backoffBaseMs: 10 });
      return options.wrapClient ? options.wrapClient(client, interrupt) : client;
    },
    onStopSignal: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
  return { factory, stdout: () => out, stderr: () => err, interrupt, signal };
}

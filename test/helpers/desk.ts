/**
 * A working desk for end-to-end tests: the real sandbox on a database file (so its keys can
 * be revoked while it serves, as `sandbox keys revoke` does) with its request log kept and
 * timed, a profile in a config file, the built console in a pseudo-terminal, a barcode
 * scanner typing one character at a time, and another client changing orders meanwhile.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { revokeKey } from '../../src/sandbox/key-admin.js';
import { KEYS, type Fixture } from './fixture.js';
import { assertBuilt, BUILT_CONSOLE, spawnPty, type PtySession } from './pty.js';
import { typeAsScanner } from './scanner.js';

/** One line of the sandbox's request log ("GET /public-api/v1/return_orders 200 …") and when it was written. */
export interface LoggedRequest {
  readonly at: number;
  readonly line: string;
}

export interface Desk {
  /** The sandbox, served by a process of its own (see openDesk). */
  readonly sandbox: { readonly url: string };
  readonly requests: LoggedRequest[];
  /** Another person's client, on the same shop. */
  readonly other: ReturnsApiClient;
  /** The XDG directories of the console (its activity log is in `${stateHome}/returns-console`). */
  readonly root: string;
  readonly stateHome: string;
  /** Revokes the console's key (north) in the database the sandbox serves. */
  revokeConsoleKey(): void;
  close(): Promise<void>;
}

/** The sandbox as a process of its own (`returns-console sandbox`, the built command), with its request log. */
export interface SandboxProcess {
  readonly url: string;
  readonly requests: LoggedRequest[];
  /** Stops it (SIGTERM) and waits for it to end. */
  stop(): Promise<void>;
}

/**
 * Starts the sandbox on the database file `dbPath` (loading `fixturePath` into it when
 * given: a fresh database only) on `port` (0: any), keeping its request log (its stderr
 * lines, timed on arrival). A process of its own, as a shop's service is: the scanner typing
 * in this process is never held up by the server's work (a write's transaction on a busy
 * disk stalled it and cut a scan in two).
 */
export async function startSandboxProcess(options: { readonly dbPath: string; readonly fixturePath?: string; readonly port?: number; readonly args?: readonly string[] }): Promise<SandboxProcess> {
  assertBuilt();
  const requests: LoggedRequest[] = [];
  const data = options.fixturePath === undefined ? [] : ['--data', options.fixturePath];
  const child = spawn(
    process.execPath,
    [BUILT_CONSOLE, 'sandbox', '--port', String(options.port ?? 0), '--host', '127.0.0.1', '--db', options.dbPath, ...data, '--rate-limit', '0', ...(options.args ?? [])],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  createInterface({ input: child.stderr! }).on('line', (line) => requests.push({ at: Date.now(), line }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const listening = /^Sandbox listening on (\S+)/.exec(line);
      if (listening) resolve(listening[1]!);
    });
    void exited.then(() => reject(new Error(`the sandbox ended before it listened: ${requests.map((r) => r.line).join(' / ')}`)));
  });
  return {
    url,
    requests,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts the desk's sandbox on a database file with `fixture` (see startSandboxProcess). */
export async function openDesk(fixture: Fixture): Promise<Desk> {
  const root = mkdtempSync(join(tmpdir(), 'rc-desk-'));
  const dbPath = join(root, 'sandbox.db');
  const fixturePath = join(root, 'fixture.json');
  writeFileSync(fixturePath, JSON.stringify(fixture));
  const sandbox = await startSandboxProcess({ dbPath, fixturePath });
  const { url } = sandbox;
  const other = createClient({ baseUrl: url, apiKey: KEYS.north, maxRetries: 2 });
  return {
    sandbox: { url },
    requests: sandbox.requests,
    other,
    root,
    stateHome: join(root, 'state'),
    revokeConsoleKey: () => {
      // What `sandbox keys revoke --last4 … --db …` runs.
      const result = revokeKey({ dbPath, env: {} }, { last4: KEYS.north.slice(-4) }, Date.now());
      if (result.kind !== 'revoked') throw new Error(`sandbox keys revoke: ${result.kind}`);
    },
    close: async () => {
      await other.close();
      await sandbox.stop();
    },
  };
}

export interface DeskConsoleOptions {
  readonly refreshSeconds: number;
  readonly scanCodePattern?: string;
  readonly cols?: number;
  readonly rows?: number;
  /** More settings of the profile (scan_prefix, scan_sound …). */
  readonly profile?: Readonly<Record<string, unknown>>;
  /** More environment (INK_SCREEN_READER …). */
  readonly env?: NodeJS.ProcessEnv;
}

/** Starts the built console with a profile "desk" (key from $DESK_KEY) in a pseudo-terminal. */
export function startDeskConsole(desk: Pick<Desk, 'root' | 'stateHome' | 'sandbox'>, options: DeskConsoleOptions): PtySession {
  const configDir = join(desk.root, 'config', 'returns-console');
  mkdirSync(configDir, { recursive: true });
  const profile = {
    base_url: desk.sandbox.url,
    key_env: 'DESK_KEY',
    refresh_interval_seconds: options.refreshSeconds,
    ...(options.scanCodePattern !== undefined && { scan_code_pattern: options.scanCodePattern }),
    ...options.profile,
  };
  const configPath = join(configDir, 'config.json');
  writeFileSync(configPath, JSON.stringify({ default_profile: 'desk', profiles: { desk: profile } }));
  chmodSync(configPath, 0o600);
  return spawnPty({
    args: [BUILT_CONSOLE],
    cols: options.cols ?? 100,
    rows: options.rows ?? 30,
    env: {
      HOME: desk.root,
      DESK_KEY: KEYS.north,
      NO_COLOR: '1',
      XDG_CONFIG_HOME: join(desk.root, 'config'),
      XDG_STATE_HOME: desk.stateHome,
      XDG_DATA_HOME: join(desk.root, 'data'),
      RETURNS_API_KEY: undefined,
      RETURNS_BASE_URL: undefined,
      RETURNS_PROFILE: undefined,
      RETURNS_CONFIG: undefined,
      ...options.env,
    },
  });
}

/** Types `text` into the console's terminal as a USB scanner does (see typeAsScanner). */
export function scan(session: PtySession, text: string, msPerChar = 8): Promise<void> {
  return typeAsScanner((chunk) => session.write(chunk), text, msPerChar);
}

/** List requests (GET /return_orders) logged at or after `since`. */
export function listRequestsSince(desk: Desk, since: number): LoggedRequest[] {
  return desk.requests.filter((r) => r.at >= since && /^GET \S*\/return_orders /.test(r.line));
}

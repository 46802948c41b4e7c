/**
 * The built console in a pseudo-terminal against a service URL, in a fresh home of its own
 * (state, config and data directories), and keys typed as a person types them. For e2e tests
 * that drive one console session against the sandbox or the hostile server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DELIBERATE_PAUSE_MS } from './deliberate.js';
import { KEYS } from './fixture.js';
import { BUILT_CONSOLE, spawnPty, type PtySession } from './pty.js';

export interface ConsoleSession extends PtySession {
  /** The console's state directory (drafts, audit.jsonl). */
  readonly stateDir: string;
}

/**
 * The environment of a console in the fresh home `root` (its config, state and data
 * directories below it, no colour), with nothing of the connection from outside: no
 * RETURNS_* variable, so the config file (or the built-in sandbox) decides. `extra` is added last.
 */
export function freshHomeEnv(root: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    HOME: root,
    NO_COLOR: '1',
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_STATE_HOME: join(root, 'state'),
    XDG_DATA_HOME: join(root, 'data'),
    RETURNS_API_KEY: undefined,
    RETURNS_BASE_URL: undefined,
    RETURNS_PROFILE: undefined,
    RETURNS_CONFIG: undefined,
    ...extra,
  };
}

/** Starts the console against `baseUrl` with the north key, no colour, in a fresh home (`stateHome`: XDG_STATE_HOME given; `env` added last). */
export function startConsoleAt(
  baseUrl: string,
  options: { readonly args?: readonly string[]; readonly cols?: number; readonly rows?: number; readonly stateHome?: string; readonly env?: NodeJS.ProcessEnv } = {},
): ConsoleSession {
  const root = mkdtempSync(join(tmpdir(), 'rc-e2e-'));
  const state = options.stateHome ?? join(root, 'state');
  const session = spawnPty({
    args: [BUILT_CONSOLE, '--base-url', baseUrl, ...(options.args ?? [])],
    env: { RETURNS_API_KEY: KEYS.north, NO_COLOR: '1', XDG_STATE_HOME: state, XDG_CONFIG_HOME: join(root, 'config'), XDG_DATA_HOME: join(root, 'data'), ...options.env },
    ...(options.cols !== undefined && { cols: options.cols }),
    ...(options.rows !== undefined && { rows: options.rows }),
  });
  return Object.assign(session, { stateDir: join(state, 'returns-console') });
}

/**
 * Typing into `session`: a pause before each key, as a person types (a key right behind
 * others reads as a scanner's burst), then a wait for `text`, when given, on the screen.
 */
export function typist(session: PtySession, waitMs = 30_000): (keys: string, text?: string | RegExp) => Promise<void> {
  return async (keys, text) => {
    await sleep(250);
    session.write(keys);
    if (text !== undefined) await session.waitForText(text, waitMs);
  };
}

/**
 * Pressing a key that counts only on its own (a question's yes, q, S: src/ui/keys/deliberate.ts):
 * a person's longer pause first (the question armed, the input quiet), then a wait for `text`.
 */
export function deliberateTypist(session: PtySession, waitMs = 30_000): (keys: string, text?: string | RegExp) => Promise<void> {
  return async (keys, text) => {
    await sleep(DELIBERATE_PAUSE_MS);
    session.write(keys);
    if (text !== undefined) await session.waitForText(text, waitMs);
  };
}

/**
 * File names of the local state under the state directory. Profile names come from the
 * user's configuration, so they are encoded into safe, reversible file names: nothing can
 * climb out of the state directory or collide with another profile's files.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encodes any string as a portable file-name segment: letters, digits, `-` and `_` stay,
 * every other UTF-8 byte becomes `~HH`. Injective, so two profiles never share a file.
 */
export function safeFileSegment(value: string): string {
  if (value === '') return '~';
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_-]/.test(char) ? char : `~${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The state directory of the console and the commands (drafts, the activity log, profile
 * memory): $XDG_STATE_HOME/returns-console, else ~/.local/state/returns-console.
 */
export function defaultStateDir(env: Readonly<Record<string, string | undefined>>, homeDir: string): string {
  const base = env.XDG_STATE_HOME || join(homeDir, '.local', 'state');
  return join(base, 'returns-console');
}

/** The draft file of one order of one profile. */
export function draftPath(stateDir: string, profile: string, orderId: number): string {
  return join(stateDir, 'drafts', safeFileSegment(profile), `order-${orderId}.json`);
}

/** The append-only audit log (JSON lines), shared by all profiles; each entry names its profile. */
export function auditLogPath(stateDir: string): string {
  return join(stateDir, 'audit.jsonl');
}

/** What the console remembers about one profile's shop. */
export function profileMemoryPath(stateDir: string, profile: string): string {
  return join(stateDir, 'profiles', `${safeFileSegment(profile)}.json`);
}

/** The console's command-line history of one profile (its ids and order names stay with its shop). */
export function commandHistoryPath(stateDir: string, profile: string): string {
  return join(stateDir, 'history', `${safeFileSegment(profile)}.json`);
}

/** The scans of one profile's scan desk not yet finished (kept through a crash and sent when the service answers). */
export function scanQueuePath(stateDir: string, profile: string): string {
  return join(stateDir, 'scan-queue', `${safeFileSegment(profile)}.json`);
}

const SEARCH_DIR = 'search';
const SEARCH_SUFFIX = '.sqlite';

/** The search index of one connection (customers' names, e-mails, items: kept 0600, one file per shop). */
export function searchIndexPath(stateDir: string, stateName: string): string {
  return join(stateDir, SEARCH_DIR, `${safeFileSegment(stateName)}${SEARCH_SUFFIX}`);
}

/**
 * The search index files of a profile: its own, and those of connections from outside it
 * (`<profile>+<fingerprint>`, see cli/config/local-state-name.ts). Only existing files.
 */
export function profileSearchIndexPaths(stateDir: string, profile: string): string[] {
  const own = `${safeFileSegment(profile)}${SEARCH_SUFFIX}`;
  const outside = safeFileSegment(`${profile}+`);
  let names: string[];
  try {
    names = readdirSync(join(stateDir, SEARCH_DIR));
  } catch {
    return [];
  }
  return names.filter((n) => n === own || (n.startsWith(outside) && n.endsWith(SEARCH_SUFFIX))).map((n) => join(stateDir, SEARCH_DIR, n));
}

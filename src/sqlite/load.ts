/**
 * Node's built-in SQLite (node:sqlite), loaded on first use, for the sandbox's store and the
 * console's local search index. Node 22 (and some 24 releases) print "ExperimentalWarning:
 * SQLite is an experimental feature" when the module loads; our output stays clean of exactly
 * that one warning, and every other warning is printed as before.
 *
 * The module is fetched with process.getBuiltinModule rather than a static import: a
 * static import is loaded before any of our code runs, so no filter could be in place.
 */
import type * as NodeSqlite from 'node:sqlite';

export type SqliteModule = typeof NodeSqlite;

let loaded: SqliteModule | undefined;

/** True for the one warning node:sqlite emits when it is loaded. */
export function isSqliteExperimentalWarning(warning: string | Error, typeOrOptions?: unknown): boolean {
  const type =
    warning instanceof Error
      ? warning.name
      : typeof typeOrOptions === 'string'
        ? typeOrOptions
        : (typeOrOptions as { type?: string } | undefined)?.type;
  const message = warning instanceof Error ? warning.message : warning;
  return type === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(message);
}

/** node:sqlite, with its experimental warning held back while it loads. */
export function sqlite(): SqliteModule {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  // Only for the duration of this synchronous call: node:sqlite warns while it loads.
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteExperimentalWarning(warning, rest[0])) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = process.getBuiltinModule('node:sqlite') as SqliteModule;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}

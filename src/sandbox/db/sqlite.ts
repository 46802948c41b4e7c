/**
 * Node's built-in SQLite (node:sqlite), loaded on first use. Node 22 (and some 24 releases)
 * print "ExperimentalWarning: SQLite is an experimental feature" when the module loads;
 * the sandbox's and the console's output stay clean of exactly that one warning, and every
 * other warning is printed as before.
 *
 * The module is fetched with process.getBuiltinModule rather than a static import: a
 * static import is loaded before any of our code runs, so no filter could be in place.
 */
import type * as NodeSqlite from 'node:sqlite';

export type SqliteModule = typeof NodeSqlite;
/** An open sandbox database (see openDatabase in open.ts). */
export type Db = NodeSqlite.DatabaseSync;
export type Statement = NodeSqlite.StatementSync;

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

/** The single value of the first row of `sql` (a pragma, a count), or undefined. */
export function scalar(db: Db, sql: string, ...params: NodeSqlite.SQLInputValue[]): unknown {
  const row = db.prepare(sql).get(...params);
  return row === undefined ? undefined : Object.values(row)[0];
}

/** A BLOB as node:sqlite returns it (a Uint8Array) as a Buffer over the same memory, no copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** SQL whose named parameters were numbered, and the names in their numbers' order. */
export interface NumberedSql {
  readonly sql: string;
  /** names[i] is parameter ?(i + 1). */
  readonly names: readonly string[];
}

/**
 * Rewrites `@name` parameters as `?N` (numbered by first appearance, a repeated name
 * keeps its number), so a statement can be run with its values by position: node:sqlite
 * binds positional values only to numbered or anonymous parameters, and binding by name
 * looks every property name up again on each call.
 */
export function numberParameters(sql: string): NumberedSql {
  const names: string[] = [];
  const numbered = sql.replace(/@(\w+)/g, (_, name: string) => {
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return `?${at + 1}`;
  });
  return { sql: numbered, names };
}

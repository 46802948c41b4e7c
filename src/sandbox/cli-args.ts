/**
 * Parsing `returns-console sandbox` arguments with util.parseArgs into SandboxOptions.
 * Pure: errors come back as messages, the caller prints them and exits 2.
 */
import { parseArgs } from 'node:util';
import type { SandboxOptions } from './index.js';

export type ServeArgs =
  | { readonly kind: 'help' }
  | { readonly kind: 'serve'; readonly options: SandboxOptions }
  | { readonly kind: 'error'; readonly message: string };

/** The options of `sandbox` (serving); also the completion scripts' list. */
export const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  db: { type: 'string' },
  data: { type: 'string' },
  'demo-orders': { type: 'string' },
  seed: { type: 'string' },
  'rate-limit': { type: 'string' },
  'cursor-ttl': { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'fail-status': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The `sandbox keys` subcommands and their options (src/sandbox/cli-keys.ts runs them). */
export const KEYS_SUBCOMMANDS = ['create', 'list', 'revoke'] as const;
export const KEYS_OPTIONS = {
  db: { type: 'string' },
  shop: { type: 'string' },
  name: { type: 'string' },
  last4: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class ArgError extends Error {}

function int(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ArgError(`--${flag} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)}).`);
  }
  return Number(raw);
}

function fraction(flag: string, raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw new ArgError(`--${flag} must be a number from 0 to 1, e.g. 0.1 (got ${JSON.stringify(raw)}).`);
  }
  return n;
}

/** Reads the serve options; unknown flags and bad values give a message. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: SERVE_OPTIONS, strict: true, allowPositionals: true });
    if (values.help) return { kind: 'help' };
    if (positionals.length > 0) {
      throw new ArgError(`unexpected argument ${JSON.stringify(positionals[0])}; subcommands: keys create|list|revoke.`);
    }
    const options: SandboxOptions = {};
    if (values.port !== undefined) options.port = int('port', values.port, 0, 65535);
    if (values.host !== undefined) {
      if (values.host === '') throw new ArgError('--host must not be empty.');
      options.host = values.host;
    }
    if (values.db !== undefined) {
      if (values.db === '') throw new ArgError('--db needs a file path.');
      options.dbPath = values.db;
    }
    if (values.data !== undefined) {
      if (values.data === '') throw new ArgError('--data needs a fixture file path.');
      options.dataPath = values.data;
    }
    if (values['demo-orders'] !== undefined) options.demoOrders = int('demo-orders', values['demo-orders'], 0, 10_000_000);
    if (values.seed !== undefined) options.seed = values.seed;
    if (values['rate-limit'] !== undefined) options.rateLimit = int('rate-limit', values['rate-limit'], 0, 1_000_000);
    if (values['cursor-ttl'] !== undefined) options.cursorTtlSeconds = int('cursor-ttl', values['cursor-ttl'], 1, 31_536_000);
    if (values.latency !== undefined) options.latencyMs = int('latency', values.latency, 0, 600_000);
    if (values['fail-rate'] !== undefined) options.failRate = fraction('fail-rate', values['fail-rate']);
    if (values['fail-status'] !== undefined) {
      if (values['fail-status'] !== '500' && values['fail-status'] !== '429') {
        throw new ArgError(`--fail-status must be 500 or 429 (got ${JSON.stringify(values['fail-status'])}).`);
      }
      options.failStatus = Number(values['fail-status']) as 500 | 429;
    }
    return { kind: 'serve', options };
  } catch (error) {
    return { kind: 'error', message: argMessage(error) };
  }
}

/** util.parseArgs errors are clear but long; keep the first sentence and never echo values blindly. */
export function argMessage(error: unknown): string {
  if (error instanceof ArgError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '.');
}

export { ArgError };

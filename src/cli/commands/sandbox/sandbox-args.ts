/**
 * The sandbox's parsed flags to the options `startSandbox` and the key functions take,
 * with each value's rule. Pure: a bad value is a usage error (exit 2) naming the flag.
 */
import type { RevokeTarget } from '../../../sandbox/key-admin.js';
import type { SandboxOptions } from '../../../sandbox/index.js';
import { stringFlag } from '../../command-runner.js';
import { usage, type CommandSpec, type ParsedArgs } from '../../flags.js';
import { KEYS_CREATE_SPEC, KEYS_REVOKE_SPEC, SANDBOX_SPEC } from './sandbox-spec.js';

function wholeNumber(args: ParsedArgs, flag: string, min: number, max: number): number | undefined {
  const raw = stringFlag(args, flag);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw usage(SANDBOX_SPEC, `--${flag} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`, flag);
  }
  return Number(raw);
}

function fraction(args: ParsedArgs, flag: string): number | undefined {
  const raw = stringFlag(args, flag);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw usage(SANDBOX_SPEC, `--${flag} must be a number from 0 to 1, e.g. 0.1 (got ${JSON.stringify(raw)})`, flag);
  }
  return n;
}

/** A string flag that must not be empty when given. */
function nonEmpty(spec: CommandSpec, args: ParsedArgs, flag: string, what: string): string | undefined {
  const raw = stringFlag(args, flag);
  if (raw === '') throw usage(spec, `--${flag} needs ${what}`, flag);
  return raw;
}

/** Drops the options that were not given, so startSandbox's defaults apply. */
function given<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as T;
}

/** The serving options of `sandbox`. */
export function parseServeOptions(args: ParsedArgs): SandboxOptions {
  const failStatus = stringFlag(args, 'fail-status');
  return given({
    port: wholeNumber(args, 'port', 0, 65535),
    host: nonEmpty(SANDBOX_SPEC, args, 'host', 'an interface, e.g. 127.0.0.1'),
    dbPath: nonEmpty(SANDBOX_SPEC, args, 'db', 'a file path'),
    dataPath: nonEmpty(SANDBOX_SPEC, args, 'data', 'a fixture file path'),
    demoOrders: wholeNumber(args, 'demo-orders', 0, 10_000_000),
    seed: stringFlag(args, 'seed'),
    rateLimit: wholeNumber(args, 'rate-limit', 0, 1_000_000),
    cursorTtlSeconds: wholeNumber(args, 'cursor-ttl', 1, 31_536_000),
    latencyMs: wholeNumber(args, 'latency', 0, 600_000),
    failRate: fraction(args, 'fail-rate'),
    // The table's choices let only 500 and 429 through.
    failStatus: failStatus === undefined ? undefined : (Number(failStatus) as 500 | 429),
    headersTimeoutMs: wholeNumber(args, 'headers-timeout', 1, 3_600_000),
    requestTimeoutMs: wholeNumber(args, 'request-timeout', 1, 3_600_000),
    idleTimeoutMs: wholeNumber(args, 'idle-timeout', 1, 3_600_000),
    requestLogPath: nonEmpty(SANDBOX_SPEC, args, 'request-log', 'a file path'),
  });
}

/** `keys create`: the shop and the key's name. */
export function parseCreateKey(args: ParsedArgs): { readonly shopId: string; readonly name: string } {
  const shopId = stringFlag(args, 'shop');
  const name = stringFlag(args, 'name');
  if (!shopId) throw usage(KEYS_CREATE_SPEC, 'keys create needs --shop ID', 'shop');
  if (!name?.trim()) throw usage(KEYS_CREATE_SPEC, 'keys create needs --name NAME (a description such as "warehouse terminal")', 'name');
  if (name.length > 200) throw usage(KEYS_CREATE_SPEC, '--name is limited to 200 characters', 'name');
  return { shopId, name };
}

const LAST4 = /^[0-9a-fA-F]{4}$/;

/**
 * `keys revoke`: exactly one of KEY, --last4 and --name, maybe narrowed by --shop. KEY is the
 * last 4 when it is 4 hexadecimal characters, else a name (a name like "beef" needs --name).
 */
export function parseRevokeTarget(args: ParsedArgs): RevokeTarget {
  const [typed] = args.positionals;
  const isTypedLast4 = typed !== undefined && LAST4.test(typed);
  const last4 = stringFlag(args, 'last4') ?? (isTypedLast4 ? typed : undefined);
  const name = stringFlag(args, 'name') ?? (typed !== undefined && !isTypedLast4 ? typed : undefined);
  const shop = stringFlag(args, 'shop');
  const narrow = shop === undefined ? {} : { shopId: shop };
  const given = [typed, stringFlag(args, 'last4'), stringFlag(args, 'name')].filter((v) => v !== undefined);
  if (given.length !== 1) throw usage(KEYS_REVOKE_SPEC, 'keys revoke needs exactly one of KEY (the key\'s last 4 or its name), --last4 or --name');
  if (last4 === undefined) return { name: name!, ...narrow };
  if (!LAST4.test(last4)) throw usage(KEYS_REVOKE_SPEC, '--last4 must be the last 4 characters of the key (hexadecimal)', 'last4');
  return { last4, ...narrow };
}

/**
 * `returns-console sandbox keys create|list|revoke`: the key functions of the sandbox
 * (src/sandbox/key-admin.ts) on the --db file, with their output. The full key is printed
 * once, by `create`; everything else shows only `sk_…` and the last 4 characters.
 */
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { createKey, describeKey, KeyAdminError, listKeyRecords, revokeKey, type KeyRecord, type KeyStore } from '../../../sandbox/key-admin.js';
import { CliError } from '../../cli-error.js';
import { stringFlag, type CommandContext } from '../../command-runner.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import type { Column } from '../../output/index.js';
import { parseCreateKey, parseRevokeTarget } from './sandbox-args.js';

function store(ctx: CommandContext): KeyStore {
  const dbPath = stringFlag(ctx.args, 'db');
  return { ...(dbPath !== undefined && { dbPath }), env: ctx.factory.env as NodeJS.ProcessEnv };
}

/** A key function's refusal as an error line (exit 1); anything else goes up as it is. */
function keyAdmin<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof KeyAdminError)) throw error;
    // The message names keys by their names, text from the database: a line break in one must
    // not start a line of its own (a forged "hint:"), so it goes through the one sanitizer.
    throw new CliError({ code: error.code, type: 'sandbox_error', message: sanitizeForTerminal(error.message), exitCode: EXIT.failure });
  }
}

/** `keys create`: the new key, once. */
export async function createKeyCommand(ctx: CommandContext): Promise<ExitCode> {
  const input = parseCreateKey(ctx.args);
  const created = keyAdmin(() => createKey(store(ctx), input, ctx.factory.now()));
  const { output } = ctx;
  output.write(`Created API key "${output.text(created.name)}" for shop ${output.text(created.shopId)} (${output.text(created.shopName)}):\n`);
  // The one place a whole key is printed: not through the scrubber.
  output.write(`${created.key}\n`);
  output.write(`This is the only time the full key is shown. Store it now; later it appears as sk_…${created.key.slice(-4)}.\n`);
  return EXIT.ok;
}

const KEY_COLUMNS: readonly Column<KeyRecord>[] = [
  { name: 'name', spec: { header: 'NAME', isFlexible: true }, value: (k) => k.name },
  { name: 'shop', spec: { header: 'SHOP' }, value: (k) => k.shopId },
  { name: 'key', spec: { header: 'KEY' }, value: (k) => k.masked },
  { name: 'created', spec: { header: 'CREATED' }, value: (k) => k.createdAt },
  { name: 'last_used', spec: { header: 'LAST USED' }, value: (k) => k.lastUsedAt ?? 'never' },
  { name: 'revoked', spec: { header: 'REVOKED' }, value: (k) => k.revokedAt ?? 'no' },
];

/** `keys list`: a table (also when piped: it is read by people). */
export async function listKeysCommand(ctx: CommandContext): Promise<ExitCode> {
  const keys = keyAdmin(() => listKeyRecords(store(ctx)));
  if (keys.length === 0) {
    ctx.output.write('No API keys. Create one with: returns-console sandbox keys create --shop ID --name NAME\n');
    return EXIT.ok;
  }
  const table = ctx.output.records('table', { columns: KEY_COLUMNS, json: (k) => k });
  for (const key of keys) table.push(key);
  table.end();
  return EXIT.ok;
}

/** `keys revoke`: one active key, by its last 4 or its name. */
export async function revokeKeyCommand(ctx: CommandContext): Promise<ExitCode> {
  const target = parseRevokeTarget(ctx.args);
  const result = keyAdmin(() => revokeKey(store(ctx), target, ctx.factory.now()));
  const what = 'last4' in target ? `ending in ${target.last4}` : `named ${JSON.stringify(target.name)}`;
  ctx.output.write(
    result.kind === 'already_revoked'
      ? `The key ${ctx.output.text(what)} is already revoked (${result.key.revokedAt}).\n`
      : `Revoked ${ctx.output.text(describeKey(result.key))}. Requests with it now get 401 invalid_api_key.\n`,
  );
  return EXIT.ok;
}

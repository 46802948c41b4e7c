/**
 * The operations' context of a command (src/ops): the command's client, the profile's
 * state directory (the console's: drafts, activity log, profile memory), clock and write
 * stops, marked as coming from the command line in the activity log.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { defaultStateDir } from '../local/state-paths.js';
import type { OpsContext } from '../ops/context.js';
import type { CommandContext } from './command-runner.js';
import type { ConnectionConfig } from './config/index.js';
import { sanitizeForTerminal } from '../format/sanitize.js';
import { settleUnknownWrites } from '../ops/settle-unknown.js';
import { writeWarnings } from './warnings.js';

/** The context for writes of this command, on `client` of `connection`'s profile (a stop signal now winds its writes down). */
export function commandOpsContext(ctx: CommandContext, client: ReturnsClient, connection: ConnectionConfig): OpsContext {
  const { env, homeDir, now } = ctx.factory;
  return { client, stateDir: defaultStateDir(env, homeDir), profile: connection.stateName, now, source: 'cli', writeStops: ctx.writeStops() };
}

/**
 * Before a command writes: the writes an earlier run of this profile left unknown (stopped
 * with the service unreadable, or killed while in flight) are read back and logged
 * (ops/settle-unknown.ts), with one note on stderr saying what they came to.
 */
export async function settleEarlierWrites(ctx: CommandContext, ops: OpsContext): Promise<void> {
  const warnings: string[] = [];
  const settled = await settleUnknownWrites(ops, warnings);
  writeWarnings(ctx, warnings);
  if (settled.length === 0) return;
  const each = settled.map(({ unknown, isApplied }) => `${unknown.action} of ${unknown.orderName ?? `order ${unknown.orderId}`} ${isApplied ? 'applied' : 'not applied'}`);
  const writes = settled.length === 1 ? '1 write' : `${settled.length} writes`;
  ctx.factory.io.stderr.write(sanitizeForTerminal(`note: read back ${writes} an earlier run left unknown, now in the activity log: ${each.join('; ')}.`) + '\n');
}

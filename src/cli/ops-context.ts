/**
 * The operations' context of a command (src/ops): the command's client, the profile's
 * state directory (the console's: drafts, activity log, profile memory) and clock, marked
 * as coming from the command line in the activity log.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { defaultStateDir } from '../local/state-paths.js';
import type { OpsContext } from '../ops/context.js';
import type { CommandContext } from './command-runner.js';
import type { ConnectionConfig } from './config/index.js';

/** The context for writes of this command, on `client` of `connection`'s profile. */
export function commandOpsContext(ctx: CommandContext, client: ReturnsClient, connection: ConnectionConfig): OpsContext {
  const { env, homeDir, now } = ctx.factory;
  return { client, stateDir: defaultStateDir(env, homeDir), profile: connection.stateName, now, source: 'cli' };
}

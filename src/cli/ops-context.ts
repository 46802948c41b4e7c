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
import { localStateName } from './config/local-state-name.js';

/** The context for writes of this command, on `client` of `connection`'s profile. */
export function commandOpsContext(ctx: CommandContext, client: ReturnsClient, connection: ConnectionConfig): OpsContext {
  const { env, homeDir, now } = ctx.factory;
  return { client, stateDir: defaultStateDir(env, homeDir), profile: localStateName(connection.config, connection.apiKey), now, source: 'cli' };
}

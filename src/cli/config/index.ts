/**
 * Configuration for the commands and the console: find and validate the config file,
 * resolve every value with its source, read the key. See docs/configuration.md.
 */
import { configError } from '../cli-error.js';
import type { Factory } from '../factory.js';
import { loadConfigFile } from './config-file.js';
import { readApiKey } from './key-source.js';
import { localStateName } from './local-state-name.js';
import { resolveConfig, type ConfigFlags, type ResolvedConfig, type Sourced } from './resolve.js';

export { locateConfigFile, loadConfigFile, type LoadedConfigFile } from './config-file.js';
export { describeKeySource, readApiKey } from './key-source.js';
export {
  DEFAULT_REFRESH_INTERVAL_SECONDS,
  DEFAULT_REJECT_REASONS,
  resolveConfig,
  toClientOptions,
  type ConfigFlags,
  type KeySource,
  type ResolvedConfig,
  type Sourced,
} from './resolve.js';

/** The config file plus flags and environment, resolved (the key is not read yet). */
export async function loadResolvedConfig(factory: Factory, flags: ConfigFlags): Promise<ResolvedConfig> {
  const file = await loadConfigFile(factory);
  return resolveConfig({ flags, env: factory.env, file, homeDir: factory.homeDir });
}

/** A configuration ready to connect: a base URL and a well-formed key. */
export interface ConnectionConfig {
  readonly config: ResolvedConfig & { readonly baseUrl: Sourced<string> };
  readonly apiKey: string;
  /** The name its local state (drafts, activity log) is kept under: local-state-name.ts. */
  readonly stateName: string;
}

/** A resolved configuration made ready to connect: its base URL checked and the key read; throws a CliError (exit 2 or 4) saying what to set. */
export async function connectionConfig(factory: Factory, config: ResolvedConfig): Promise<ConnectionConfig> {
  const { baseUrl } = config;
  if (baseUrl === null) {
    throw configError(
      `no base URL for profile "${config.profile.value}"`,
      'base_url',
      `Give --base-url, set RETURNS_BASE_URL, or set base_url in profile "${config.profile.value}" of ${config.configFile.path}. To try the commands on the console's demo data: --sandbox.`,
    );
  }
  const apiKey = await readApiKey(factory, config.keySource);
  const connection = { ...config, baseUrl };
  return { config: connection, apiKey, stateName: localStateName(connection, apiKey) };
}

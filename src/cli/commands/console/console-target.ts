/**
 * Which service the console talks to: the sandbox (asked for, or nothing configured) or
 * the configured one. A missing or malformed key does not stop the start: the console
 * opens on its authentication screen, which says what is wrong and where keys come from.
 */
import { CliError } from '../../cli-error.js';
import { readApiKey, type ResolvedConfig, type Sourced } from '../../config/index.js';
import { configError } from '../../cli-error.js';
import type { Factory } from '../../factory.js';
import type { AuthFailure } from '../../../ui/app-state.js';

export type ConsoleTarget =
  | { readonly kind: 'sandbox'; readonly config: ResolvedConfig }
  | {
      readonly kind: 'service';
      readonly config: ResolvedConfig & { readonly baseUrl: Sourced<string> };
      /** Empty when the key could not be used (see `auth`). */
      readonly apiKey: string;
      readonly auth: AuthFailure | null;
    };

const AUTH_SCREEN_CODES: Readonly<Record<string, AuthFailure['problem']>> = {
  api_key_missing: 'missing',
  api_key_malformed: 'malformed',
  api_key_whitespace: 'malformed',
};

/** Decides where the console connects with a resolved `config`, reading its key. */
export async function resolveConsoleTarget(factory: Factory, config: ResolvedConfig, isSandbox: boolean): Promise<ConsoleTarget> {
  if (isSandbox || (config.baseUrl === null && config.keySource.kind === 'none')) return { kind: 'sandbox', config };
  const { baseUrl } = config;
  if (baseUrl === null) {
    throw configError(
      `an API key is configured but no base URL for profile "${config.profile.value}"`,
      'base_url',
      `Give --base-url, set RETURNS_BASE_URL, or set base_url in profile "${config.profile.value}" of ${config.configFile.path} (or --sandbox for the demo).`,
    );
  }
  try {
    const apiKey = await readApiKey(factory, config.keySource);
    return { kind: 'service', config: { ...config, baseUrl }, apiKey, auth: null };
  } catch (error) {
    const problem = error instanceof CliError ? AUTH_SCREEN_CODES[error.code] : undefined;
    if (!problem || !(error instanceof CliError)) throw error;
    return { kind: 'service', config: { ...config, baseUrl }, apiKey: '', auth: { problem, code: error.code, message: error.message } };
  }
}

/**
 * Resolves the effective configuration from its sources, highest first: command-line
 * flags, environment (RETURNS_BASE_URL, RETURNS_API_KEY, RETURNS_PROFILE), the config
 * file's profile, defaults. Every value records where it came from, for
 * `returns-console config`. Pure: the API key itself is read later (see key-source.ts),
 * so `config` can show everything else even when the key cannot be had.
 */
import { DEFAULT_ROUTES, DEFAULT_TIMEOUTS, type ClientOptions } from '../../api/client-types.js';
import { configError } from '../cli-error.js';
import type { LoadedConfigFile } from './config-file.js';
import { resolveConfigRelativePath } from './config-file.js';
import { parseBaseUrl } from '../../api/client/routes.js';
import { CONFIG_NAME_PATTERN, CONFIG_NAME_RULE } from './names.js';
import { knownNamesHint } from '../../format/did-you-mean.js';
import type { ProfileConfig } from './schema.js';
import type { ShopColor } from '../../format/style.js';
import { DEFAULT_OVERVIEW_CAP } from '../../ops/overview.js';
import type { SavedViews } from '../../ops/saved-views.js';
import type { KeyTable } from '../../ui/keys/match.js';
import type { KeyOverride } from '../../ui/keys/user-bindings.js';
import { effectiveKeyTable } from './keybindings.js';
import { DEFAULT_REPEAT_SECONDS, DEFAULT_SCAN_DESK, type ScanSound } from '../../ui/scan-desk-settings.js';

/** A value and where it came from, e.g. `flag --base-url`, `env RETURNS_BASE_URL`, `default`. */
export interface Sourced<T> {
  readonly value: T;
  readonly source: string;
}

const PROFILE_SOURCE_PREFIX = 'config profiles.';

/** The source of a value set in a profile of the config file, e.g. `config profiles.north.base_url`. */
function profileSource(profile: string, field: string): string {
  return `${PROFILE_SOURCE_PREFIX}${profile}.${field}`;
}

/** True when a value (or the key) comes from the config file's profile, not from a flag, the environment or a default. */
export function isProfileSource(source: string): boolean {
  return source.startsWith(PROFILE_SOURCE_PREFIX);
}

/** How the API key will be obtained. */
export type KeySource =
  | { readonly kind: 'env'; readonly variable: string; readonly source: string }
  | { readonly kind: 'file'; readonly path: string; readonly source: string }
  | { readonly kind: 'command'; readonly command: string; readonly timeoutMs: number; readonly source: string }
  | { readonly kind: 'none'; readonly source: string };

export interface ResolvedConfig {
  /** The config file these values were resolved from. */
  readonly configFile: LoadedConfigFile;
  readonly profile: Sourced<string>;
  /** null when no source gives a base URL. */
  readonly baseUrl: Sourced<string> | null;
  readonly keySource: KeySource;
  readonly routes: { readonly review: Sourced<string>; readonly receive: Sourced<string> };
  readonly timeouts: {
    readonly connectMs: Sourced<number>;
    readonly headersMs: Sourced<number>;
    readonly bodyMs: Sourced<number>;
    /** The deadline of one request: headers and the whole body. */
    readonly totalMs: Sourced<number>;
  };
  readonly maxRetries: Sourced<number>;
  readonly rejectReasons: Sourced<readonly string[]>;
  readonly refreshIntervalSeconds: Sourced<number>;
  /** Regular expression whose one group is the order name or id in a scanned code; null = the code as scanned. */
  readonly scanCodePattern: Sourced<string | null>;
  /** The overview counts each status up to this many orders (more show as "5,000+"). */
  readonly overviewCap: Sourced<number>;
  /** The receiving desk's scanner and scans (docs/scanning.md). */
  readonly scanDesk: {
    /** The scanner's programmed prefix and suffix keys, in the config file's names (`<c-b>`, `<f12>`). */
    readonly prefix: Sourced<string | null>;
    readonly suffix: Sourced<string | null>;
    readonly maxGapMs: Sourced<number>;
    readonly repeatSeconds: Sourced<number>;
    readonly sound: Sourced<ScanSound>;
    readonly successSound: Sourced<ScanSound>;
    readonly isSoundWithScreenReader: Sourced<boolean>;
  };
  /** The shop's colour on every screen (null: none). */
  readonly color: Sourced<ShopColor | null>;
  /** Words naming the shop on every screen, e.g. PRODUCTION (null: none). */
  readonly label: Sourced<string | null>;
  /** The web admin's page of an order, a template with {id} and {order_name} (null: none). */
  readonly webUrl: Sourced<string | null>;
  /** Whether a search index of the shop's orders is kept (docs/search.md). */
  readonly searchIndex: Sourced<boolean>;
  /** The console's keys: the built-in table with the config file's `keybindings` applied, and what they changed. */
  readonly keys: { readonly table: KeyTable; readonly overrides: readonly KeyOverride[] };
  /** The config file's saved views, by name. */
  readonly views: SavedViews;
  /** Every profile of the config file (for the console's `:profile`). */
  readonly profileNames: readonly string[];
}

/** Global flags that feed the configuration. */
export interface ConfigFlags {
  readonly profile?: string;
  readonly baseUrl?: string;
}

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_MAX_RETRIES = 4;
export const DEFAULT_REFRESH_INTERVAL_SECONDS = 30;
export const DEFAULT_KEY_COMMAND_TIMEOUT_SECONDS = 30;
export const DEFAULT_REJECT_REASONS: readonly string[] = [
  'Outside the return window',
  'Item used or damaged',
  'Item not received',
  'Not eligible for return',
];

const DEFAULT = 'default';

export interface ResolveInput {
  readonly flags: ConfigFlags;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly file: LoadedConfigFile;
  readonly homeDir: string;
}

/** The effective configuration; throws a CliError (exit 2) for an unknown profile or a bad base URL. */
export function resolveConfig(input: ResolveInput): ResolvedConfig {
  const { flags, env, file } = input;
  const profile = pickProfileName(flags, env, file);
  const profiles = file.config.profiles ?? {};
  const hasProfile = Object.hasOwn(profiles, profile.value);
  if (!hasProfile && profile.source !== DEFAULT) {
    const names = Object.keys(profiles);
    throw configError(
      file.isFound
        ? `profile "${profile.value}" (${profile.source}) is not in ${file.path} ${knownNamesHint(profile.value, names, 'profiles')}`
        : `profile "${profile.value}" (${profile.source}) needs a config file, and there is none at ${file.path}`,
      'profile',
      'Add the profile to the config file, or choose another with --profile.',
    );
  }
  const p: ProfileConfig = hasProfile ? profiles[profile.value]! : {};
  const at = (field: string) => profileSource(profile.value, field);
  const fromProfile = <T>(value: T | undefined, field: string, fallback: T): Sourced<T> =>
    value === undefined ? { value: fallback, source: DEFAULT } : { value, source: at(field) };
  const ms = (value: number | undefined, field: string, fallback: number): Sourced<number> =>
    value === undefined ? { value: fallback, source: DEFAULT } : { value: Math.round(value * 1000), source: at(`timeouts.${field}`) };

  return {
    configFile: file,
    profile,
    baseUrl: pickBaseUrl(flags, env, p, at),
    keySource: pickKeySource(env, p, profile.value, file.path, input.homeDir),
    routes: {
      review: fromProfile(p.routes?.review, 'routes.review', DEFAULT_ROUTES.review),
      receive: fromProfile(p.routes?.receive, 'routes.receive', DEFAULT_ROUTES.receive),
    },
    timeouts: {
      connectMs: ms(p.timeouts?.connect_seconds, 'connect_seconds', DEFAULT_TIMEOUTS.connectMs),
      headersMs: ms(p.timeouts?.headers_seconds, 'headers_seconds', DEFAULT_TIMEOUTS.headersMs),
      bodyMs: ms(p.timeouts?.body_seconds, 'body_seconds', DEFAULT_TIMEOUTS.bodyMs),
      totalMs: ms(p.timeouts?.total_seconds, 'total_seconds', DEFAULT_TIMEOUTS.totalMs),
    },
    maxRetries: fromProfile(p.max_retries, 'max_retries', DEFAULT_MAX_RETRIES),
    rejectReasons: fromProfile<readonly string[]>(p.reject_reasons, 'reject_reasons', DEFAULT_REJECT_REASONS),
    refreshIntervalSeconds: fromProfile(p.refresh_interval_seconds, 'refresh_interval_seconds', DEFAULT_REFRESH_INTERVAL_SECONDS),
    scanCodePattern: fromProfile<string | null>(p.scan_code_pattern, 'scan_code_pattern', null),
    overviewCap: fromProfile(p.overview_cap, 'overview_cap', DEFAULT_OVERVIEW_CAP),
    scanDesk: {
      prefix: fromProfile<string | null>(p.scan_prefix, 'scan_prefix', null),
      suffix: fromProfile<string | null>(p.scan_suffix, 'scan_suffix', null),
      maxGapMs: fromProfile(p.scan_max_gap_ms, 'scan_max_gap_ms', DEFAULT_SCAN_DESK.maxGapMs),
      repeatSeconds: fromProfile(p.scan_repeat_seconds, 'scan_repeat_seconds', DEFAULT_REPEAT_SECONDS),
      sound: fromProfile<ScanSound>(p.scan_sound, 'scan_sound', DEFAULT_SCAN_DESK.failureSound),
      successSound: fromProfile<ScanSound>(p.scan_success_sound, 'scan_success_sound', DEFAULT_SCAN_DESK.successSound),
      isSoundWithScreenReader: fromProfile(p.scan_sound_with_screen_reader, 'scan_sound_with_screen_reader', DEFAULT_SCAN_DESK.isSoundWithScreenReader),
    },
    color: fromProfile<ShopColor | null>(p.color, 'color', null),
    label: fromProfile<string | null>(p.label, 'label', null),
    webUrl: fromProfile<string | null>(p.web_url, 'web_url', null),
    searchIndex: fromProfile(p.search_index, 'search_index', true),
    keys: effectiveKeyTable(file.config.keybindings),
    views: file.config.views ?? {},
    profileNames: Object.keys(profiles),
  };
}

function pickProfileName(flags: ConfigFlags, env: ResolveInput['env'], file: LoadedConfigFile): Sourced<string> {
  const pick = (value: string, source: string): Sourced<string> => {
    if (!CONFIG_NAME_PATTERN.test(value)) {
      throw configError(`${source}: "${value}" is not a profile name (${CONFIG_NAME_RULE})`, 'profile');
    }
    return { value, source };
  };
  if (flags.profile !== undefined) return pick(flags.profile, 'flag --profile');
  if (env.RETURNS_PROFILE) return pick(env.RETURNS_PROFILE, 'env RETURNS_PROFILE');
  if (file.config.default_profile !== undefined) return { value: file.config.default_profile, source: 'config default_profile' };
  return { value: DEFAULT_PROFILE, source: DEFAULT };
}

function pickBaseUrl(
  flags: ConfigFlags,
  env: ResolveInput['env'],
  profile: ProfileConfig,
  at: (field: string) => string,
): Sourced<string> | null {
  const checked = (value: string, source: string, param: string): Sourced<string> => {
    const parsed = parseBaseUrl(value);
    if (!parsed.ok) throw configError(`${param}: ${parsed.message}`, param);
    return { value, source };
  };
  if (flags.baseUrl !== undefined) return checked(flags.baseUrl, 'flag --base-url', '--base-url');
  if (env.RETURNS_BASE_URL) return checked(env.RETURNS_BASE_URL, 'env RETURNS_BASE_URL', 'RETURNS_BASE_URL');
  if (profile.base_url !== undefined) return { value: profile.base_url, source: at('base_url') };
  return null;
}

function pickKeySource(
  env: ResolveInput['env'],
  profile: ProfileConfig,
  profileName: string,
  configPath: string,
  homeDir: string,
): KeySource {
  if (env.RETURNS_API_KEY) return { kind: 'env', variable: 'RETURNS_API_KEY', source: 'env RETURNS_API_KEY' };
  const at = (field: string) => profileSource(profileName, field);
  if (profile.key_env !== undefined) return { kind: 'env', variable: profile.key_env, source: at('key_env') };
  if (profile.key_file !== undefined) {
    return { kind: 'file', path: resolveConfigRelativePath(profile.key_file, configPath, homeDir), source: at('key_file') };
  }
  if (profile.key_command !== undefined) {
    const seconds = profile.key_command_timeout_seconds ?? DEFAULT_KEY_COMMAND_TIMEOUT_SECONDS;
    return { kind: 'command', command: profile.key_command, timeoutMs: Math.round(seconds * 1000), source: at('key_command') };
  }
  return { kind: 'none', source: 'none' };
}

/** The client options for a resolved configuration and its key. */
export function toClientOptions(config: ResolvedConfig & { readonly baseUrl: Sourced<string> }, apiKey: string): ClientOptions {
  return {
    baseUrl: config.baseUrl.value,
    apiKey,
    routes: { review: config.routes.review.value, receive: config.routes.receive.value },
    timeouts: {
      connectMs: config.timeouts.connectMs.value,
      headersMs: config.timeouts.headersMs.value,
      bodyMs: config.timeouts.bodyMs.value,
      totalMs: config.timeouts.totalMs.value,
    },
    maxRetries: config.maxRetries.value,
  };
}

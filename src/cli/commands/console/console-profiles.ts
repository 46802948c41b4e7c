/**
 * The console's profiles: the services of one profile (its client with its own key and
 * connection state, its name for drafts, memory and the activity log), and the catalog of
 * the config file's profiles the console switches between without a restart. A profile is
 * opened as `returns-console --profile NAME` would open it (same config file, same
 * environment); the start's --base-url and --sandbox belong to the start profile only.
 */
import { basename } from 'node:path';
import type { ReturnsClient } from '../../../api/client-types.js';
import { scrubSecrets } from '../../../api/client/redact.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { createConnectionMonitor, type ConnectionMonitor } from '../../../ui/connection/connection-monitor.js';
import { parseScanCodePattern } from '../../../ops/scan-code.js';
import type { ConfigChange, ConsoleServices, ProfileCatalog, ProfileOpening, ScanDeskSettings } from '../../../ui/services.js';
import { parseScannerKey } from '../../../ui/keys/scanner-keys.js';
import { resolveConfig, toClientOptions, type ConfigFlags, type LoadedConfigFile, type ResolvedConfig } from '../../config/index.js';
import { effectiveKeyTable } from '../../config/keybindings.js';
import { BUILTIN_SANDBOX_PROFILE } from '../../builtin-sandbox.js';
import type { ConfigFileChange, ConfigFollower } from './config-follower.js';
import { toErrorShape } from '../../errors-output.js';
import type { Factory } from '../../factory.js';
import { connectionFingerprint, localStateName } from '../../config/local-state-name.js';
import { resolveConsoleTarget } from './console-target.js';

/** What every profile of one console shares. */
export interface ConsoleBase {
  readonly factory: Factory;
  readonly isReadOnly: boolean;
  readonly stateDir: string;
  /** The profile the console started with, and the flags it was resolved with (--profile, --base-url). */
  readonly start: { readonly name: string; readonly flags: ConfigFlags };
  /** True when the console runs the built-in sandbox: its profile comes first in the list. */
  readonly isBuiltinSandbox: boolean;
}

/** The profiles one can switch to with `file` in force (the command line completes them). */
export function profileNamesOf(base: ConsoleBase, file: LoadedConfigFile): readonly string[] {
  const names = Object.keys(file.config.profiles ?? {});
  return base.isBuiltinSandbox ? [BUILTIN_SANDBOX_PROFILE, ...names.filter((n) => n !== BUILTIN_SANDBOX_PROFILE)] : names;
}

/** A profile's own settings, as the console uses them. */
function profileSettings(config: ResolvedConfig) {
  return {
    rejectReasons: config.rejectReasons.value,
    refreshIntervalMs: config.refreshIntervalSeconds.value * 1000,
    scanCodePattern: scanCodeRegex(config.scanCodePattern.value),
    overviewCap: config.overviewCap.value,
    scanDesk: scanDeskOf(config.scanDesk),
    label: config.label.value,
    color: config.color.value,
    webUrl: config.webUrl.value,
  };
}

/** The services of one profile. */
export function profileServices(
  base: ConsoleBase,
  input: {
    readonly client: ReturnsClient;
    readonly monitor: ConnectionMonitor;
    readonly config: ResolvedConfig;
    readonly name: string;
    /** Where its local state is kept (config/local-state-name.ts). */
    readonly stateName: string;
    readonly serviceHost: string;
    readonly isSandbox: boolean;
    /** A fingerprint of its base URL and key (config/local-state-name.ts), which its search index remembers. */
    readonly connection: string;
  },
): ConsoleServices {
  const { config } = input;
  const { factory, stateDir } = base;
  return {
    client: input.client,
    profile: {
      name: input.name,
      stateName: input.stateName,
      serviceHost: input.serviceHost,
      isSandbox: input.isSandbox,
      ...profileSettings(config),
    },
    isReadOnly: base.isReadOnly,
    keyTable: config.keys.table,
    views: config.views,
    profileNames: profileNamesOf(base, config.configFile),
    stateDir: base.stateDir,
    now: base.factory.now,
    connection: input.monitor,
    openSearchIndex: async () => {
      const { SearchIndex, forgetSearchIndexes } = await import('../../../ops/search-index/index.js');
      if (!config.searchIndex.value) {
        forgetSearchIndexes(stateDir, input.name);
        return null;
      }
      return SearchIndex.open({ client: input.client, stateDir, stateName: input.stateName, connection: input.connection, now: factory.now });
    },
    openInBrowser: async (url) => {
      const { browserOpener, openUrl } = await import('../../../local/open-url.js');
      return openUrl(url, browserOpener(factory.platform, factory.env), { ...factory.env });
    },
  };
}

/** The profile's scan desk settings (the config schema has already checked the key names). */
function scanDeskOf(desk: ResolvedConfig['scanDesk']): ScanDeskSettings {
  const key = (name: string | null) => {
    if (name === null) return null;
    const parsed = parseScannerKey(name);
    return parsed.ok ? parsed.key : null;
  };
  return {
    prefix: key(desk.prefix.value),
    suffix: key(desk.suffix.value),
    maxGapMs: desk.maxGapMs.value,
    repeatMs: Math.round(desk.repeatSeconds.value * 1000),
    failureSound: desk.sound.value,
    successSound: desk.successSound.value,
    isSoundWithScreenReader: desk.isSoundWithScreenReader.value,
  };
}

/** `flags` resolved against `file` (the config file in force), as a start with those flags would. Throws a CliError. */
function resolveWith(base: ConsoleBase, file: LoadedConfigFile, flags: ConfigFlags): ResolvedConfig {
  return resolveConfig({ flags, env: base.factory.env, file, homeDir: base.factory.homeDir });
}

/**
 * `services` with the settings of `file`: its key bindings, views and profiles, and the
 * profile's own settings. A profile no longer in the file keeps its own settings until
 * the console switches away. Its connection (base URL, key, timeouts) stays as opened.
 */
function withConfigFile(base: ConsoleBase, file: LoadedConfigFile, services: ConsoleServices): ConsoleServices {
  const { name } = services.profile;
  let settings: ReturnType<typeof profileSettings> | null = null;
  try {
    settings = profileSettings(resolveWith(base, file, name === base.start.name ? base.start.flags : { profile: name }));
  } catch {
    // Removed or renamed in the file: what it had stays.
  }
  return {
    ...services,
    profile: settings ? { ...services.profile, ...settings } : services.profile,
    keyTable: effectiveKeyTable(file.config.keybindings).table,
    views: file.config.views ?? {},
    profileNames: profileNamesOf(base, file),
  };
}

/** A change of the config file as the console's sessions take it, with what the notice line says. */
function consoleConfigChange(base: ConsoleBase, change: ConfigFileChange): ConfigChange {
  if (change.kind === 'refused') {
    // One line, and the file by its name: the person who just saved it knows where it is.
    const { path } = change.file;
    const problem = toErrorShape(change.error)
      .message.replaceAll(path, basename(path))
      .replace(/^config file /, '')
      .replace(/:\s*\n\s*/, ': ')
      .replace(/\s*\n\s*/g, '; ');
    return { kind: 'refused', message: sanitizeForTerminal(scrubSecrets(`Config file not reloaded, the settings in force stay: ${problem}`)) };
  }
  const { file } = change;
  const names = profileNamesOf(base, file);
  const views = Object.keys(file.config.views ?? {}).length;
  return {
    kind: 'reloaded',
    names,
    apply: (services) => withConfigFile(base, file, services),
    message: sanitizeForTerminal(`Config file reloaded: ${plural(names.length, 'profile')}, ${plural(views, 'view')}.`),
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The profile's scan code pattern, compiled (the config schema has already checked it). */
function scanCodeRegex(source: string | null): RegExp | null {
  if (source === null) return null;
  const parsed = parseScanCodePattern(source);
  return parsed.ok ? parsed.regex : null;
}

/** One line for a notice: what went wrong and what to do, with nothing key-shaped in it. */
function failureText(name: string, error: unknown): DisplayText {
  const shape = toErrorShape(error);
  return sanitizeForTerminal(scrubSecrets(`Profile ${name} cannot be opened: ${shape.message}.${shape.hint ? ` ${shape.hint}` : ''}`));
}

export interface ConsoleCatalog extends ProfileCatalog {
  /** Closes every client the catalog made. */
  close(): Promise<void>;
}

/**
 * The catalog of the profiles of the config file in force (`configFile`, followed while the
 * console runs: its changes reach the sessions through `follow`). `builtin` is the console's
 * own sandbox session (when it runs one), listed under its name; a config profile of the
 * same name is shadowed by it.
 */
export function createProfileCatalog(
  base: ConsoleBase,
  configFile: ConfigFollower,
  builtin: { readonly name: string; readonly services: ConsoleServices } | null,
): ConsoleCatalog {
  const clients: ReturnsClient[] = [];

  const open = async (name: string): Promise<ProfileOpening> => {
    if (builtin && name === builtin.name) return { kind: 'ready', services: builtin.services, initialAuth: null };
    try {
      const target = await resolveConsoleTarget(base.factory, resolveWith(base, configFile.current(), { profile: name }), false);
      if (target.kind === 'sandbox') {
        return { kind: 'failed', message: sanitizeForTerminal(`Profile ${name} names no service: give it base_url and a key (key_env, key_file or key_command) in ${target.config.configFile.path}.`) };
      }
      const monitor = createConnectionMonitor(base.factory.now);
      const client = await base.factory.createClient({ ...toClientOptions(target.config, target.apiKey), hooks: monitor.hooks });
      clients.push(client);
      const services = profileServices(base, {
        client,
        monitor,
        config: target.config,
        name,
        stateName: localStateName(target.config, target.apiKey),
        serviceHost: new URL(target.config.baseUrl.value).host,
        isSandbox: false,
        connection: connectionFingerprint(target.config.baseUrl.value, target.apiKey),
      });
      return { kind: 'ready', services, initialAuth: target.auth };
    } catch (error) {
      return { kind: 'failed', message: failureText(name, error) };
    }
  };

  return {
    names: profileNamesOf(base, configFile.current()),
    open,
    follow: (listener) => configFile.subscribe((change) => listener(consoleConfigChange(base, change))),
    close: async () => {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    },
  };
}

/**
 * The console's profiles: the services of one profile (its client with its own key and
 * connection state, its name for drafts, memory and the activity log), and the catalog of
 * the config file's profiles the console switches between without a restart. A profile is
 * opened as `returns-console --profile NAME` would open it (same config file, same
 * environment); the start's --base-url and --sandbox belong to the start profile only.
 */
import type { ReturnsClient } from '../../../api/client-types.js';
import { scrubSecrets } from '../../../api/client/redact.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { createConnectionMonitor, type ConnectionMonitor } from '../../../ui/connection/connection-monitor.js';
import { parseScanCodePattern } from '../../../ops/scan-code.js';
import type { ConsoleServices, ProfileCatalog, ProfileOpening } from '../../../ui/services.js';
import { loadResolvedConfig, toClientOptions, type ResolvedConfig } from '../../config/index.js';
import { toErrorShape } from '../../errors-output.js';
import type { Factory } from '../../factory.js';
import { localStateName } from '../../config/local-state-name.js';
import { resolveConsoleTarget } from './console-target.js';

/** What every profile of one console shares. */
export interface ConsoleBase {
  readonly factory: Factory;
  readonly isReadOnly: boolean;
  readonly stateDir: string;
  /** The profiles one can switch to (the command line completes them). */
  readonly profileNames: readonly string[];
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
  },
): ConsoleServices {
  const { config } = input;
  return {
    client: input.client,
    profile: {
      name: input.name,
      stateName: input.stateName,
      serviceHost: input.serviceHost,
      isSandbox: input.isSandbox,
      rejectReasons: config.rejectReasons.value,
      refreshIntervalMs: config.refreshIntervalSeconds.value * 1000,
      scanCodePattern: scanCodeRegex(config.scanCodePattern.value),
      overviewCap: config.overviewCap.value,
    },
    isReadOnly: base.isReadOnly,
    keyTable: config.keys.table,
    views: config.views,
    profileNames: base.profileNames,
    stateDir: base.stateDir,
    now: base.factory.now,
    connection: input.monitor,
  };
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
 * The catalog of the profiles in `base.profileNames`. `builtin` is the console's own sandbox
 * session (when it runs one), listed under its name; a config profile of the same name is
 * shadowed by it.
 */
export function createProfileCatalog(
  base: ConsoleBase,
  builtin: { readonly name: string; readonly services: ConsoleServices } | null,
): ConsoleCatalog {
  const names = base.profileNames;
  const clients: ReturnsClient[] = [];

  const open = async (name: string): Promise<ProfileOpening> => {
    if (builtin && name === builtin.name) return { kind: 'ready', services: builtin.services, initialAuth: null };
    try {
      const target = await resolveConsoleTarget(base.factory, await loadResolvedConfig(base.factory, { profile: name }), false);
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
      });
      return { kind: 'ready', services, initialAuth: target.auth };
    } catch (error) {
      return { kind: 'failed', message: failureText(name, error) };
    }
  };

  return {
    names,
    open,
    close: async () => {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    },
  };
}

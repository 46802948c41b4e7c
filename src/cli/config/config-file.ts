/**
 * Finding, reading and validating the config file. Location, highest first:
 * `$RETURNS_CONFIG`, `$XDG_CONFIG_HOME/returns-console/config.json`,
 * `~/.config/returns-console/config.json`. A missing file at the default location means
 * "no profiles"; a missing file named by RETURNS_CONFIG is an error (it was asked for).
 */
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { configError } from '../cli-error.js';
import type { Factory } from '../factory.js';
import { insecureModeProblem } from './permissions.js';
import { parseConfigDocument, type ConfigFile } from './schema.js';

export interface ConfigFileLocation {
  readonly path: string;
  /** True when RETURNS_CONFIG named the file. */
  readonly isExplicit: boolean;
}

export interface LoadedConfigFile extends ConfigFileLocation {
  readonly isFound: boolean;
  readonly config: ConfigFile;
}

/** Where the config file is, from the environment. */
export function locateConfigFile(env: Factory['env'], homeDir: string, cwd: string): ConfigFileLocation {
  const explicit = env.RETURNS_CONFIG;
  if (explicit) return { path: resolve(cwd, explicit), isExplicit: true };
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg ? resolve(cwd, xdg) : join(homeDir, '.config');
  return { path: join(base, 'returns-console', 'config.json'), isExplicit: false };
}

/** Resolves a path written in the config file: `~/` is the home directory, relative is next to the file. */
export function resolveConfigRelativePath(path: string, configPath: string, homeDir: string): string {
  if (path === '~') return homeDir;
  if (path.startsWith('~/')) return join(homeDir, path.slice(2));
  return isAbsolute(path) ? path : resolve(dirname(configPath), path);
}

/** Reads and validates the config file; throws a CliError (exit 2) naming every bad field. */
export async function loadConfigFile(factory: Factory): Promise<LoadedConfigFile> {
  const location = locateConfigFile(factory.env, factory.homeDir, factory.cwd);
  const { path } = location;
  const info = await factory.fs.stat(path).catch((error: NodeJS.ErrnoException) => {
    throw configError(`cannot read config file ${path}: ${error.code ?? error.message}`, 'config');
  });
  if (!info) {
    if (location.isExplicit) {
      throw configError(`config file ${path} (named by RETURNS_CONFIG) does not exist`, 'RETURNS_CONFIG', 'Create it, or unset RETURNS_CONFIG to use the default location.');
    }
    return { ...location, isFound: false, config: {} };
  }
  if (!info.isFile) throw configError(`config file ${path} is not a regular file`, 'config');
  const problem = insecureModeProblem('config file', path, info.mode, factory.platform);
  if (problem) {
    throw configError(problem, 'config', 'The config file says how to get API keys (key_command, key_file), so it must be private.');
  }

  let text: string;
  try {
    text = await factory.fs.readFile(path);
  } catch (error) {
    throw configError(`cannot read config file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, 'config');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw configError(`config file ${path} is not valid JSON: ${(error as Error).message}`, 'config');
  }
  const proto = protoKeyPath(json);
  if (proto !== null) {
    // Copied into an object it would set that object's prototype, and the setting would vanish unseen.
    throw configError(`config file ${path} is invalid:\n  ${proto}: a key named __proto__ is not allowed`, 'config');
  }
  const parsed = parseConfigDocument(json);
  if (!parsed.ok) {
    throw configError(
      `config file ${path} is invalid:\n${parsed.problems.map((l) => `  ${l}`).join('\n')}`,
      'config',
      'Fix the fields named above; docs/configuration.md shows a complete example.',
    );
  }
  return { ...location, isFound: true, config: parsed.config };
}

/** The path of the first key named `__proto__` in a parsed JSON document (e.g. "keybindings.__proto__"), or null. */
export function protoKeyPath(json: unknown, path: readonly string[] = []): string | null {
  if (typeof json !== 'object' || json === null) return null;
  for (const key of Object.keys(json)) {
    if (key === '__proto__') return [...path, key].join('.');
    const inner = protoKeyPath((json as Record<string, unknown>)[key], [...path, key]);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * Reads the API key from its source (an environment variable, a private key file, or a
 * command such as a password manager call) and checks its shape locally. No message here
 * ever contains the key or any part of it beyond what `redactKey` shows.
 */
import { checkApiKey } from '../../api/client/api-key.js';
import { scrubSecrets } from '../../api/client/redact.js';
import { keyError } from '../cli-error.js';
import type { Factory } from '../factory.js';
import { MAX_COMMAND_OUTPUT } from './key-command-runner.js';
import { insecureModeProblem } from './permissions.js';
import type { KeySource } from './resolve.js';

const WHERE_KEYS_GO =
  'Set RETURNS_API_KEY, or give the profile one of key_env, key_file or key_command in the config file (see `returns-console config`).';
const WHERE_KEYS_COME_FROM = 'Keys are created in the retailer dashboard: Account settings → API keys.';

/** Reads and checks the key; throws a CliError with exit code 4 saying what to fix. */
export async function readApiKey(factory: Factory, source: KeySource): Promise<string> {
  // Key files and commands end their output with a line break; surrounding space is never part of a key.
  const key = (await readRaw(factory, source)).trim();
  // The client's own rule (and messages), so the two never disagree; the message names the source.
  const problem = checkApiKey(key);
  if (problem) {
    throw keyError(problem.code, `${problem.message} (the key came from ${describeKeySource(source)})`, WHERE_KEYS_COME_FROM);
  }
  return key;
}

/** A short description of the source for messages, e.g. `key file /home/ana/.keys/north`. */
export function describeKeySource(source: KeySource): string {
  switch (source.kind) {
    case 'env':
      return source.variable === 'RETURNS_API_KEY' ? 'RETURNS_API_KEY' : `${source.variable} (${source.source})`;
    case 'file':
      return `key file ${source.path} (${source.source})`;
    case 'command':
      return `key command (${source.source})`;
    case 'none':
      return 'nowhere';
  }
}

async function readRaw(factory: Factory, source: KeySource): Promise<string> {
  switch (source.kind) {
    case 'none':
      throw keyError('api_key_missing', 'no API key is configured', WHERE_KEYS_GO);
    case 'env': {
      const value = factory.env[source.variable];
      if (!value) {
        throw keyError('api_key_missing', `${source.source} names the environment variable ${source.variable}, which is not set`, `Export ${source.variable} with the key, or change the profile.`);
      }
      return value;
    }
    case 'file':
      return readKeyFile(factory, source.path, source.source);
    case 'command':
      return runKeyCommand(factory, source.command, source.timeoutMs, source.source);
  }
}

async function readKeyFile(factory: Factory, path: string, origin: string): Promise<string> {
  let info;
  try {
    info = await factory.fs.stat(path);
  } catch (error) {
    throw keyError('api_key_unreadable', `cannot read key file ${path} (${origin}): ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (!info) throw keyError('api_key_missing', `key file ${path} (${origin}) does not exist`, WHERE_KEYS_GO);
  if (!info.isFile) throw keyError('api_key_unreadable', `key file ${path} (${origin}) is not a regular file`);
  const problem = insecureModeProblem('key file', path, info.mode, factory.platform);
  if (problem) throw keyError('api_key_file_insecure', problem, 'After fixing the permissions, consider rotating the key: others may have read it.');
  try {
    return await factory.fs.readFile(path);
  } catch (error) {
    throw keyError('api_key_unreadable', `cannot read key file ${path} (${origin}): ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

async function runKeyCommand(factory: Factory, command: string, timeoutMs: number, origin: string): Promise<string> {
  const result = await factory.runCommand(command, { timeoutMs });
  // Scrubbed: a command like `echo sk_…` would carry the key into the message.
  const hint = `Run the command yourself to check it: ${scrubSecrets(command)}`;
  if (result.spawnError !== undefined) {
    throw keyError('api_key_command_failed', `the key command (${origin}) could not be started: ${result.spawnError}`, hint);
  }
  if (result.isTimedOut) {
    throw keyError('api_key_command_failed', `the key command (${origin}) did not finish within ${timeoutMs / 1000} s and was stopped, with everything it started`, `${hint}. Raise key_command_timeout_seconds if it is slow.`);
  }
  if (result.isOutputTooLarge) {
    throw keyError('api_key_command_failed', `the key command (${origin}) printed more than ${MAX_COMMAND_OUTPUT / 1024} KiB and was stopped; it should print only the key (one line of 67 characters)`, hint);
  }
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was ended by signal ${result.signal ?? 'unknown'}` : `failed with exit status ${result.exitCode}`;
    throw keyError('api_key_command_failed', `the key command (${origin}) ${how}; its own messages, if any, are above`, hint);
  }
  if (result.stdout.trim() === '') {
    throw keyError('api_key_missing', `the key command (${origin}) printed nothing`, hint);
  }
  return result.stdout;
}

/**
 * Failures found by the command layer itself, before or around the client: bad flags,
 * bad input files, configuration and API-key problems. They print in the same shape as
 * the service's errors (`error: CODE (PARAM): message`) and carry their exit code.
 */
import type { ExitCode } from './exit-codes.js';
import { EXIT } from './exit-codes.js';

export interface CliErrorInit {
  /** Machine-readable, e.g. `usage_error`, `invalid_limit`, `key_file_insecure`. */
  readonly code: string;
  readonly message: string;
  /** The flag, argument or config field at fault. */
  readonly param?: string;
  /** What to do about it (second line of the error output). */
  readonly hint?: string;
  /** `usage_error`, `validation_error`, `config_error` or `authentication_error` in the JSON form. */
  readonly type?: string;
  readonly exitCode?: ExitCode;
}

/** An error of the command layer; `exitCode` defaults to 2 (usage). */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly code: string;
  readonly param?: string;
  readonly hint?: string;
  readonly type: string;
  readonly exitCode: ExitCode;

  constructor(init: CliErrorInit) {
    super(init.message);
    this.code = init.code;
    if (init.param !== undefined) this.param = init.param;
    if (init.hint !== undefined) this.hint = init.hint;
    this.type = init.type ?? 'usage_error';
    this.exitCode = init.exitCode ?? EXIT.usage;
  }
}

/** A configuration problem (config file, profile, base URL): exit 2. */
export function configError(message: string, param?: string, hint?: string): CliError {
  return new CliError({ code: 'config_error', type: 'config_error', message, param, hint, exitCode: EXIT.usage });
}

/** A problem with the API key (missing, unreadable, insecure, malformed): exit 4. */
export function keyError(code: string, message: string, hint?: string, param?: string): CliError {
  return new CliError({ code, type: 'authentication_error', message, hint, param, exitCode: EXIT.auth });
}

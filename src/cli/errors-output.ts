/**
 * How every command reports a failure: one line `error: Message [CODE] (request id X)`
 * (plain words first, the code for searching and support after) and a hint line, or with --json/--ndjson the error object as JSON, always on stderr.
 * Everything printed is scrubbed of key-shaped text and sanitized for the terminal.
 */
import type { ApiError } from '../api/client/errors.js';
import { hintFor } from '../api/client/client-codes.js';
import { scrubSecrets } from '../api/client/redact.js';
import type { ParamError } from '../api/list-params.js';
import { stringifySafeJson } from '../format/json-output.js';
import { sanitizeForTerminal } from '../format/sanitize.js';
import type { Style } from '../format/style.js';
import { CliError } from './cli-error.js';
import { EXIT, type ExitCode } from './exit-codes.js';

/** The printed form of any failure (the interface's error object plus context). */
export interface ErrorShape {
  readonly type: string;
  readonly code: string;
  readonly message: string;
  readonly param?: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly hint?: string;
  /**
   * The words came over the wire (the service's message, or the client's words about its
   * answer): a line feed in them is shown as ␊, so a service cannot print a line of its own
   * (a forged `hint:`). Our own messages (a config file's problems) keep their lines.
   */
  readonly isFromService?: boolean;
}

function isApiErrorLike(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).kind === 'string';
}

/** A local validation failure of list parameters, as a usage error (exit 2); the hint defaults to the code's. */
export function paramErrorToCli(error: ParamError, flag?: string, hint: string | undefined = hintFor(error.code)): CliError {
  return new CliError({
    code: error.code,
    type: 'validation_error',
    param: error.param,
    message: flag ? `${flag}: ${error.message}` : error.message,
    hint,
  });
}

/** The shape to print for any thrown value. */
export function toErrorShape(error: unknown): ErrorShape {
  if (error instanceof CliError) {
    return { type: error.type, code: error.code, message: error.message, param: error.param, hint: error.hint };
  }
  if (isApiErrorLike(error)) {
    return {
      type: error.type,
      code: error.code,
      message: error.message,
      param: error.param,
      status: error.status,
      requestId: error.requestId,
      hint: error.hint,
      isFromService: true,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { type: 'internal_error', code: 'internal_error', message };
}

/** The exit code for a failure. */
export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (isApiErrorLike(error)) {
    switch (error.kind) {
      case 'authentication':
        return EXIT.auth;
      case 'config':
        return error.code.startsWith('api_key') ? EXIT.auth : EXIT.usage;
      case 'validation':
        // A bad argument the client caught before sending is a usage error; a 400 is the service's answer.
        return error.status === undefined ? EXIT.usage : EXIT.failure;
      case 'aborted':
        return EXIT.interrupted;
      default:
        return EXIT.failure;
    }
  }
  return EXIT.failure;
}

/**
 * A message as the lead of an error line: its first word capitalized when it is a plain
 * lower-case word ("unknown flag" → "Unknown flag"); names such as `submitted_at_min` or
 * `--from` are left as they are.
 */
export function leadWords(message: string): string {
  return /^[a-z]+(\s|$)/.test(message) ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}

/**
 * `error: Message [CODE] (request id X)` and, when known, `hint: …`. The param is not
 * repeated: every message names what it is about (the flag, field or parameter); the JSON
 * form carries it.
 */
export function formatErrorText(shape: ErrorShape, style: Style, secrets: readonly string[] = []): string {
  const clean = (s: string) => sanitizeForTerminal(scrubSecrets(s, secrets), { keepNewlines: shape.isFromService !== true });
  const requestId = shape.requestId ? ` (request id ${clean(shape.requestId)})` : '';
  const head = `${style.red(style.bold('error:'))} ${leadWords(clean(shape.message))} [${clean(shape.code)}]${requestId}`;
  return shape.hint ? `${head}\n${style.dim(`hint: ${clean(shape.hint)}`)}\n` : `${head}\n`;
}

/** `{"error":{…}}` on one line, keys in the interface's order; absent fields left out. */
export function formatErrorJson(shape: ErrorShape, secrets: readonly string[] = []): string {
  const clean = (s: string | undefined) => (s === undefined ? undefined : scrubSecrets(s, secrets));
  const error = {
    type: clean(shape.type),
    code: clean(shape.code),
    message: clean(shape.message),
    param: clean(shape.param),
    status: shape.status,
    request_id: clean(shape.requestId),
    hint: clean(shape.hint),
  };
  return `${stringifySafeJson({ error })}\n`;
}

/**
 * The one error class of the client. Every failure (from the service, the network, a
 * broken response, a bad configuration, a cancellation) is an `ApiError` with a `kind`
 * discriminant, so callers switch on one field. Every text field is scrubbed of anything
 * key-shaped at construction, so no message, JSON form or stack can carry an API key.
 */
import type { ApiErrorKind } from './client-codes.js';
import { hintFor } from './client-codes.js';
import { scrubSecrets } from './redact.js';

export type { ApiErrorKind } from './client-codes.js';

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  /** HTTP status, when the service answered. */
  readonly status?: number;
  /** The interface's error type (e.g. `validation_error`), or `<kind>_error` for client-side failures. */
  readonly type?: string;
  readonly code: string;
  readonly message: string;
  readonly param?: string;
  readonly requestId?: string;
  /** Retries made before this error was final (0 = the first attempt failed for good). */
  readonly retries?: number;
  /** For `schema` errors: the path of the offending field, e.g. `data[3].status`. */
  readonly field?: string;
  /** Secrets to scrub from every text field (the client's API key). Never stored. */
  readonly secrets?: readonly string[];
}

/** The JSON form of an ApiError (what `--json` prints). */
export interface ApiErrorJson {
  readonly name: 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly type: string;
  readonly code: string;
  readonly message: string;
  readonly param?: string;
  readonly requestId?: string;
  readonly retries: number;
  readonly field?: string;
  readonly hint?: string;
}

/** An error of the Return Orders client. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  // Optional fields are declared, not defined, so an absent one is absent (not undefined) in logs.
  declare readonly status?: number;
  readonly type: string;
  readonly code: string;
  declare readonly param?: string;
  declare readonly requestId?: string;
  readonly retries: number;
  declare readonly field?: string;

  constructor(init: ApiErrorInit) {
    const secrets = init.secrets ?? [];
    const clean = (s: string | undefined) => (s === undefined ? undefined : scrubSecrets(s, secrets));
    super(clean(init.message));
    this.kind = init.kind;
    this.code = clean(init.code)!;
    this.type = clean(init.type) ?? `${init.kind}_error`;
    this.retries = init.retries ?? 0;
    if (init.status !== undefined) this.status = init.status;
    if (init.param !== undefined) this.param = clean(init.param);
    if (init.requestId !== undefined) this.requestId = clean(init.requestId);
    if (init.field !== undefined) this.field = clean(init.field);
  }

  /** True when the request was retried before failing for good. */
  get isRetried(): boolean {
    return this.retries > 0;
  }

  /** A short human message saying what to do, from the codes table. */
  get hint(): string | undefined {
    return hintFor(this.code);
  }

  /** The same error with the number of retries made before it. */
  withRetries(retries: number): ApiError {
    return new ApiError({ ...this.toInit(), retries });
  }

  toJSON(): ApiErrorJson {
    return {
      name: 'ApiError',
      kind: this.kind,
      ...(this.status !== undefined && { status: this.status }),
      type: this.type,
      code: this.code,
      message: this.message,
      ...(this.param !== undefined && { param: this.param }),
      ...(this.requestId !== undefined && { requestId: this.requestId }),
      retries: this.retries,
      ...(this.field !== undefined && { field: this.field }),
      ...(this.hint !== undefined && { hint: this.hint }),
    };
  }

  private toInit(): ApiErrorInit {
    return {
      kind: this.kind,
      status: this.status,
      type: this.type,
      code: this.code,
      message: this.message,
      param: this.param,
      requestId: this.requestId,
      retries: this.retries,
      field: this.field,
    };
  }
}

/** Type guard for ApiError. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

const KIND_OF_TYPE: Readonly<Record<string, ApiErrorKind>> = {
  validation_error: 'validation',
  authentication_error: 'authentication',
  resource_error: 'resource',
  state_error: 'state',
  rate_limit_error: 'rate_limit',
  api_error: 'api',
};

/** The kind of a service error: from its `type`, else from the HTTP status. */
export function kindOf(type: string | undefined, status: number): ApiErrorKind {
  // An own key only: a service's type such as "constructor" must not find Object's.
  const byType = type !== undefined && Object.hasOwn(KIND_OF_TYPE, type) ? KIND_OF_TYPE[type] : undefined;
  if (byType) return byType;
  if (status === 401 || status === 403) return 'authentication';
  if (status === 404 || status === 410) return 'resource';
  if (status === 409 || status === 422) return 'state';
  if (status === 429) return 'rate_limit';
  if (status >= 400 && status < 500) return 'validation';
  return 'api';
}

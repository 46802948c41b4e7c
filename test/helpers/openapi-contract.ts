/**
 * The sandbox's own OpenAPI document as an independent checker: openapi-backend resolves
 * the operation of a request (method and path against the document's paths) and
 * validates requests, response bodies per status and response headers with Ajv (JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1, with ajv-formats for `date-time`). No rule
 * of the sandbox is written here: everything comes from the served document.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import { API_BASE_PATH } from '../../src/api/schemas.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;

/** A response as seen on the wire. */
export interface WireResponse {
  readonly status: number;
  /** Header names in any case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: unknown;
}

export interface Contract {
  readonly document: Document;
  /** The operation of `method path` (path under the base, query allowed), or undefined. */
  operationOf(method: string, path: string): Operation | undefined;
  /** Problems of a response to `method path` by the document: undeclared status, body, headers. */
  responseProblems(method: string, path: string, res: WireResponse): string[];
  /** Problems of a request by the document (parameters and body); [] when it is valid. */
  requestProblems(req: { method: string; path: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> }): string[];
}

/** Builds the checker from the document the sandbox at `baseUrl` serves. */
export async function loadContract(baseUrl: string): Promise<Contract> {
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Document;
  const api = new OpenAPIBackend({
    definition: structuredClone(document),
    apiRoot: API_BASE_PATH,
    // Its own document check knows OpenAPI 3.0 only; the document is validated for 3.1
    // by @seriousme/openapi-schema-validator in openapi-document.test.ts.
    quick: true,
    coerceTypes: true,
    customizeAjv: (_ajv, options) => addFormats(new Ajv2020({ ...options, strict: false, allErrors: true })),
  });
  await api.init();

  const operationOf = (method: string, path: string) =>
    api.matchOperation({ method, path: `${API_BASE_PATH}${path.split('?')[0]}`, headers: {} });

  return {
    document,
    operationOf,
    responseProblems(method, path, res) {
      const op = operationOf(method, path);
      if (!op) return [`${method} ${path} is no operation of the document`];
      if (!op.responses?.[String(res.status)]) return [`${method} ${path}: status ${res.status} is not declared`];
      const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const body = api.validateResponse(res.body, op, res.status);
      const head = api.validateResponseHeaders(headers, op, { statusCode: res.status, setMatchType: 'superset' as never });
      return [...(body.errors ?? []), ...(head.errors ?? [])].map((e) => `${method} ${path} ${res.status}: ${JSON.stringify(e)}`);
    },
    requestProblems({ method, path, query = {}, body, headers = {} }) {
      const result = api.validateRequest({ method, path: `${API_BASE_PATH}${path}`, query, body, headers });
      return (result.errors ?? []).map((e) => JSON.stringify(e));
    },
  };
}

/**
 * GET /openapi.json: an OpenAPI 3.1 document of the interface as the sandbox implements
 * it, generated from the route table (`routes.ts`): its operations, parameters and bodies
 * (`openapi-params.ts`), the shared zod schemas of src/api/schemas.ts through zod's own
 * JSON Schema output, and for every route each status and error code it can answer, from
 * the one code table src/api/error-codes.ts.
 */
import * as z from 'zod';
import { ERROR_CODES, type ErrorCode } from '../api/error-codes.js';
import { API_BASE_PATH } from '../api/schemas.js';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from './config.js';
import { HEADERS_TOO_LARGE_STATUS } from './errors.js';
import { REQUEST_ID_PATTERN } from './http/request-id.js';
import type { Parameter } from './openapi-params.js';
import { EVERY_ROUTE_CODES, OPENAPI_DOCUMENT_PATH, ROUTES, type Route } from './routes.js';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
const ref = (id: string) => ({ $ref: `${COMPONENTS}${id}` });

/** A standalone JSON Schema (2020-12, the dialect of OpenAPI 3.1) without `$schema`. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return rest;
}

/**
 * The error envelope limited to `codes`: each code with its own type (one variant per
 * code), exactly the fields the sandbox sends.
 */
export function errorEnvelopeSchema(codes: readonly ErrorCode[]): z.ZodType {
  const variants = codes.map((code) =>
    z.strictObject({
      type: z.literal(ERROR_CODES[code].type),
      code: z.literal(code),
      message: z.string(),
      param: z.string().optional(),
    }),
  );
  const error = variants.length === 1 ? variants[0]! : z.union(variants as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  return z.strictObject({ error });
}

/** Component schemas: the shared response schemas, the review body and the full error envelope. */
function componentSchemas(): Json {
  const out: Json = {};
  const add = (entries: readonly (readonly [string, z.core.$ZodType])[], io: 'input' | 'output') => {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of entries) registry.add(schema, { id });
    const { schemas } = z.toJSONSchema(registry, { uri: (id) => `${COMPONENTS}${id}`, target: 'draft-2020-12', io });
    for (const [id, schema] of Object.entries(schemas)) {
      const { $schema: _s, $id: _i, ...rest } = schema as Json;
      out[id] = rest;
    }
  };
  const responses = new Map<string, z.core.$ZodType>();
  for (const route of ROUTES) responses.set(route.success.component, route.success.schema);
  add([...responses], 'output');
  const requests = ROUTES.flatMap((r) => (r.requestBody?.schema ? [[r.requestBody.schema.component, r.requestBody.schema.zod] as const] : []));
  add(requests, 'input');
  out.Error = { description: 'Every error the sandbox sends.', ...jsonSchema(errorEnvelopeSchema(Object.keys(ERROR_CODES) as ErrorCode[]), 'output') };
  return out;
}

const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    required: true,
    description: 'Identifies the request in the sandbox log. On every response, also to malformed HTTP.',
    schema: { type: 'string', pattern: REQUEST_ID_PATTERN.source },
  },
};
const RETRY_AFTER_HEADER = {
  'Retry-After': {
    required: true,
    description: 'Whole seconds to wait before retrying (D10).',
    schema: { type: 'integer', minimum: 1 },
  },
};

/** The statuses a code is answered with (malformed_request also as 431 for oversized headers). */
function statusesOf(code: ErrorCode): number[] {
  const status = ERROR_CODES[code].status;
  return code === 'malformed_request' ? [status, HEADERS_TOO_LARGE_STATUS] : [status];
}

/** One response per status the route can answer, each with its codes and headers. */
function errorResponses(route: Route): Json {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...EVERY_ROUTE_CODES, ...route.codes]) {
    for (const status of statusesOf(code)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Json = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = byStatus.get(status)!;
    out[String(status)] = {
      description: codes.map((c) => `${ERROR_CODES[c].type} ${c}`).join('; '),
      headers: status === ERROR_CODES.rate_limit_exceeded.status ? { ...REQUEST_ID_HEADER, ...RETRY_AFTER_HEADER } : REQUEST_ID_HEADER,
      content: { 'application/json': { schema: jsonSchema(errorEnvelopeSchema(codes), 'output') } },
    };
  }
  return out;
}

function parameter(p: Parameter): Json {
  const { description: _d, ...schema } = jsonSchema(p.schema, 'input'); // said once, on the parameter
  return { name: p.name, in: p.in, required: p.isRequired, description: p.description, schema };
}

function operation(route: Route): Json {
  const body = route.requestBody;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    parameters: route.parameters.map(parameter),
    ...(body && {
      requestBody: {
        required: body.isRequired,
        description: body.description,
        content: { [body.mediaType]: { schema: body.schema ? ref(body.schema.component) : {} } },
      },
    }),
    responses: {
      '200': {
        description: route.success.description,
        headers: REQUEST_ID_HEADER,
        content: { 'application/json': { schema: ref(route.success.component) } },
      },
      ...errorResponses(route),
    },
  };
}

function buildDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Return Orders interface (returns-console sandbox)',
      version: '1',
      description: [
        'The Return Orders interface as the returns-console sandbox implements it, with the gaps filled by the decisions D1-D12 (docs/decisions.md). GET /return_orders/{id} is a sandbox extension.',
        `Every response carries X-Request-Id; every error is the envelope {"error": {type, code, message, param?}}. Any other path or method is answered 404 resource_error route_not_found (after authentication). HTTP that cannot be parsed, an HTTP/1.1 request without a Host header, or one with two Authorization headers, is answered 400 (431 for oversized headers) validation_error malformed_request. A request whose headers, whole body or a pause in its body take longer than the sandbox's timeouts (${DEFAULT_HEADERS_TIMEOUT_MS / 1000} s, ${DEFAULT_REQUEST_TIMEOUT_MS / 1000} s and ${DEFAULT_IDLE_TIMEOUT_MS / 1000} s by default) is answered 408 validation_error request_timeout and changes nothing.`,
        `This document is served without a key at ${API_BASE_PATH}${OPENAPI_DOCUMENT_PATH} and ${OPENAPI_DOCUMENT_PATH}.`,
      ].join('\n\n'),
    },
    servers: [{ url: API_BASE_PATH }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer sk_ followed by 64 hexadecimal characters (67 in all). Missing or not Bearer: 401 missing_api_key; wrong, malformed, revoked or unknown: 401 invalid_api_key.',
        },
      },
    },
  };
}

let cached: string | undefined;

/** The document as JSON text (built once). */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildDocument());
  return cached;
}

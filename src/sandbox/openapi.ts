/**
 * GET /openapi.json: an OpenAPI 3.1 document of the interface as the sandbox implements
 * it. Every schema is generated from the shared zod schemas (src/api/schemas.ts) with
 * zod's own JSON Schema output; the error codes come from src/api/error-codes.ts.
 */
import * as z from 'zod';
import { ERROR_CODES, type ErrorCode } from '../api/error-codes.js';
import {
  API_BASE_PATH,
  DEFAULT_PAGE_SIZE,
  errorBodySchema,
  MAX_PAGE_SIZE,
  pageSchema,
  RETURN_ORDER_STATUSES,
  returnItemSchema,
  returnOrderSchema,
  reviewRequestSchema,
} from '../api/schemas.js';

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  registry.add(returnItemSchema, { id: 'ReturnItem' });
  registry.add(returnOrderSchema, { id: 'ReturnOrder' });
  registry.add(pageSchema, { id: 'Page' });
  registry.add(errorBodySchema, { id: 'Error' });
  registry.add(reviewRequestSchema, { id: 'ReviewRequest' });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, target: 'draft-2020-12' });
  const out: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
    out[id] = rest;
  }
  return out;
}

const commaList = (what: string) => z.string().describe(`Comma-separated ${what}; no empty elements, no spaces.`);
const dateTime = (bound: string) =>
  z.string().describe(`RFC 3339 date-time (${bound}, inclusive), e.g. 2026-11-02T09:15:00Z.`);

const QUERY: readonly [string, z.ZodType][] = [
  ['limit', z.int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE).describe('Page size; otherwise 400 invalid_limit.')],
  ['cursor', z.string().describe('The exact next_cursor of a previous response (signed, shop- and filter-bound, expiring).')],
  ['submitted_at_min', dateTime('lower bound')],
  ['submitted_at_max', dateTime('upper bound')],
  ['statuses', commaList(`statuses out of: ${RETURN_ORDER_STATUSES.join(', ')}`)],
  ['ids', commaList('positive integer ids')],
  ['order_names', commaList('order names (exact, case-sensitive)')],
];

function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  const out: Record<string, unknown> = {};
  for (const [status, list] of byStatus) {
    out[String(status)] = {
      description: list.map((c) => `${ERROR_CODES[c].type} ${c}`).join('; '),
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  return out;
}

const COMMON: readonly ErrorCode[] = ['missing_api_key', 'invalid_api_key', 'rate_limit_exceeded', 'internal_error'];
const ok = (schema: unknown, description: string) => ({
  description,
  headers: { 'X-Request-Id': { schema: { type: 'string' } } },
  content: { 'application/json': { schema } },
});
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

function buildDocument(): unknown {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Return Orders interface (returns-console sandbox)',
      version: '1',
      description:
        'The Return Orders interface as the returns-console sandbox implements it, with the gaps filled by the decisions D1-D12 (README, "Where the interface is silent"). GET /return_orders/{id} is a sandbox extension.',
    },
    servers: [{ url: API_BASE_PATH }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/return_orders': {
        get: {
          operationId: 'listReturnOrders',
          summary: 'List return orders (newest first, keyset pagination)',
          parameters: QUERY.map(([name, schema]) => ({
            name,
            in: 'query',
            required: false,
            schema: z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }),
          })),
          responses: {
            '200': ok(ref('Page'), 'A page of return orders.'),
            ...errorResponses([
              'invalid_limit', 'invalid_cursor_format', 'invalid_date_format', 'invalid_date_range',
              'invalid_status_value', 'invalid_statuses_format', 'invalid_ids_format', 'invalid_order_names_format',
              ...COMMON,
            ]),
          },
        },
      },
      '/return_orders/{id}': {
        get: {
          operationId: 'getReturnOrder',
          summary: 'One return order (sandbox extension)',
          parameters: [idParam],
          responses: { '200': ok(ref('ReturnOrder'), 'The return order.'), ...errorResponses(['return_order_not_found', ...COMMON]) },
        },
      },
      '/return_orders/{id}/review': {
        post: {
          operationId: 'reviewReturnOrder',
          summary: 'Decide every pending item (approve, reject with reason, keep_item)',
          parameters: [idParam],
          requestBody: { required: true, content: { 'application/json': { schema: ref('ReviewRequest') } } },
          responses: {
            '200': ok(ref('ReturnOrder'), 'The updated return order (reviewed, or rejected when every item was rejected).'),
            ...errorResponses([
              'missing_items_array', 'invalid_item_type', 'invalid_action', 'missing_reject_reason', 'item_not_found',
              'missing_items', 'keep_item_not_allowed', 'body_too_large', 'return_order_not_found',
              'invalid_state_transition', ...COMMON,
            ]),
          },
        },
      },
      '/return_orders/{id}/receive': {
        post: {
          operationId: 'receiveReturnOrder',
          summary: 'Mark a reviewed return order received',
          parameters: [idParam],
          requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } },
          responses: {
            '200': ok(ref('ReturnOrder'), 'The updated return order (received).'),
            ...errorResponses(['return_order_not_found', 'invalid_state_transition', 'body_too_large', ...COMMON]),
          },
        },
      },
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'sk_ followed by 64 hexadecimal characters.' } },
    },
  };
}

let cached: string | undefined;

/** The document as JSON text (built once). */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildDocument());
  return cached;
}

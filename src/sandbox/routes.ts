/**
 * The one route table of the sandbox (D1-D3, D9): method, path, handler, request and
 * response schemas, and the error codes each route can answer. The router
 * (`http/router.ts`) matches requests against it and the OpenAPI document (`openapi.ts`)
 * is generated from it, so the two cannot disagree about what exists.
 */
import type * as z from 'zod';
import type { ErrorCode } from '../api/error-codes.js';
import { pageSchema, returnOrderSchema } from '../api/schemas.js';
import type { Handler } from './http/context.js';
import { getReturnOrder } from './http/handlers/get-one.js';
import { listReturnOrders } from './http/handlers/list.js';
import { receiveReturnOrder } from './http/handlers/receive.js';
import { reviewReturnOrder } from './http/handlers/review.js';
import { LIST_QUERY, ORDER_ID_PARAMETER, REVIEW_BODY, type Parameter, type RequestBody } from './openapi-params.js';

export type RouteName = 'list' | 'get' | 'review' | 'receive';

/** A route of the interface: authenticated, rate limited, answered by a handler. */
export interface Route {
  readonly name: RouteName;
  readonly method: 'GET' | 'POST';
  /** The path under /public-api/v1; `{id}` stands for the order id segment. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly Parameter[];
  readonly requestBody?: RequestBody;
  /** The 200 body: a shared schema and its component name in the document. */
  readonly success: { readonly schema: z.core.$ZodType; readonly component: string; readonly description: string };
  /** The codes this route answers beyond EVERY_ROUTE_CODES. */
  readonly codes: readonly ErrorCode[];
  readonly handler: Handler;
}

/**
 * Codes every route can answer, in pipeline order: HTTP that cannot be parsed (or has no
 * Host, or two Authorization headers), a request that does not arrive in time,
 * authentication, the rate limit, a path written otherwise than the template (a trailing
 * slash, an empty id: tools that take `/return_orders/` for `/return_orders` send it to this
 * operation, and it matches no route, http/router.ts), a body over 1 MiB (read for any
 * route), and an unexpected failure.
 */
export const EVERY_ROUTE_CODES: readonly ErrorCode[] = [
  'malformed_request',
  'request_timeout',
  'missing_api_key',
  'invalid_api_key',
  'rate_limit_exceeded',
  'route_not_found',
  'body_too_large',
  'internal_error',
];

const ORDER_RESPONSE = {
  schema: returnOrderSchema,
  component: 'ReturnOrder',
} as const;

export const ROUTES: readonly Route[] = [
  {
    name: 'list',
    method: 'GET',
    path: '/return_orders',
    operationId: 'listReturnOrders',
    summary: 'List return orders (newest first, keyset pagination)',
    description:
      'Only the shop\'s orders, never draft or cancelled ones (section 4). When several parameters are wrong, the first in this order is reported: limit, cursor, submitted_at_min, submitted_at_max, range, statuses, ids, order_names (D7). Unknown parameters are ignored.',
    parameters: LIST_QUERY,
    success: { schema: pageSchema, component: 'Page', description: 'A page of return orders (data may be empty).' },
    codes: [
      'invalid_limit',
      'invalid_cursor_format',
      'invalid_date_format',
      'invalid_date_range',
      'invalid_status_value',
      'invalid_statuses_format',
      'invalid_ids_format',
      'invalid_order_names_format',
    ],
    handler: listReturnOrders,
  },
  {
    name: 'get',
    method: 'GET',
    path: '/return_orders/{id}',
    operationId: 'getReturnOrder',
    summary: 'One return order (sandbox extension, D3)',
    description: 'The same 404 rules as the writes. Clients read one order with GET /return_orders?ids={id} (D3).',
    parameters: [ORDER_ID_PARAMETER],
    success: { ...ORDER_RESPONSE, description: 'The return order.' },
    codes: ['return_order_not_found'],
    handler: getReturnOrder,
  },
  {
    name: 'review',
    method: 'POST',
    path: '/return_orders/{id}/review',
    operationId: 'reviewReturnOrder',
    summary: 'Decide every pending item (approve, reject with reason, keep_item)',
    description:
      'Checks in D6 order, the first failing one wins: authentication, 404, missing_items_array (also for a body that is not JSON), per element invalid_item_type / invalid_action / missing_reject_reason, 422 invalid_state_transition, item_not_found, missing_items, keep_item_not_allowed. Applies D5 in one transaction.',
    parameters: [ORDER_ID_PARAMETER],
    requestBody: REVIEW_BODY,
    success: { ...ORDER_RESPONSE, description: 'The updated return order (reviewed, or rejected when every item was rejected).' },
    codes: [
      'missing_items_array',
      'invalid_item_type',
      'invalid_action',
      'missing_reject_reason',
      'item_not_found',
      'missing_items',
      'keep_item_not_allowed',
      'return_order_not_found',
      'invalid_state_transition',
    ],
    handler: reviewReturnOrder,
  },
  {
    name: 'receive',
    method: 'POST',
    path: '/return_orders/{id}/receive',
    operationId: 'receiveReturnOrder',
    summary: 'Mark a reviewed return order received',
    description: 'reviewed -> received (D5). Send no body or {} (D2); any body up to 1 MiB is ignored, whatever its type.',
    parameters: [ORDER_ID_PARAMETER],
    requestBody: {
      isRequired: false,
      description: 'Ignored (D2: none, or {}).',
      mediaType: '*/*',
      schema: null,
    },
    success: { ...ORDER_RESPONSE, description: 'The updated return order (received).' },
    codes: ['return_order_not_found', 'invalid_state_transition'],
    handler: receiveReturnOrder,
  },
];

/** Where the OpenAPI document is served (GET, no key): under the base path and at the root. */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';

/**
 * The request side of the document, as zod schemas built from the shared ones of
 * src/api: every D7 list rule that a JSON Schema can state (formats, patterns, limits),
 * the order id in the path, and the review body with D6's per-element rules. The test
 * suite checks that the sandbox answers exactly what these schemas accept or refuse.
 */
import * as z from 'zod';
import { ID_SOURCE } from '../api/list-params.js';
import {
  DEFAULT_PAGE_SIZE,
  itemTypeSchema,
  MAX_PAGE_SIZE,
  RETURN_ORDER_STATUSES,
  REVIEW_ACTIONS,
  reviewItemSchema,
} from '../api/schemas.js';

/** A path or query parameter of an operation. */
export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly isRequired: boolean;
  readonly schema: z.ZodType;
  readonly description: string;
}

/** An operation's request body; `schema` null means any body (it is ignored). */
export interface RequestBody {
  readonly isRequired: boolean;
  readonly description: string;
  readonly mediaType: string;
  readonly schema: { readonly zod: z.ZodType; readonly component: string } | null;
}

/** D7 dates: RFC 3339, `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`; `format` adds the real-calendar check. */
export const DATE_TIME_PATTERN =
  /^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{1,9})?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$/;

const STATUS = `(?:${RETURN_ORDER_STATUSES.join('|')})`;
/** D7 statuses: listed values, exact lower case, comma-separated, no empty element, no trimming. */
export const STATUSES_PATTERN = new RegExp(`^${STATUS}(?:,${STATUS})*$`);

/** D7 ids: the parser's own id pattern (1 to 2^53-1, at most 16 digits), comma-separated. */
export const IDS_PATTERN = new RegExp(`^${ID_SOURCE}(?:,${ID_SOURCE})*$`);

/** D7 order names: comma-separated, no empty element; spaces are part of a name (matched exactly). */
export const ORDER_NAMES_PATTERN = /^[^,]+(?:,[^,]+)*$/;

/** D8 cursor: `base64url(payload).base64url(signature)`, at most 512 characters. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_CURSOR_LENGTH = 512;

const dateBound = (bound: string) =>
  z
    .string()
    .regex(DATE_TIME_PATTERN)
    .meta({
      format: 'date-time',
      description: `RFC 3339 date-time, ${bound} of submitted_at, inclusive, compared as an instant, e.g. 2026-11-02T09:15:00Z or 2026-11-02T10:15:00.5+01:00. Otherwise 400 invalid_date_format; min later than max: invalid_date_range.`,
    });

const query = (name: string, schema: z.ZodType): Parameter => ({
  name,
  in: 'query',
  isRequired: false,
  schema,
  description: schema.description ?? '',
});

/** The parameters of GET /return_orders in D7's reporting order. */
export const LIST_QUERY: readonly Parameter[] = [
  query(
    'limit',
    z
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .default(DEFAULT_PAGE_SIZE)
      .describe(`Page size, 1 to ${MAX_PAGE_SIZE} in plain digits (no sign, fraction or exponent). Otherwise 400 invalid_limit.`),
  ),
  query(
    'cursor',
    z
      .string()
      .regex(CURSOR_PATTERN)
      .max(MAX_CURSOR_LENGTH)
      .describe(
        'The exact next_cursor of a previous response, with the same filters (the page size may change). Opaque: signed, bound to the shop and the filters, valid 15 minutes by default. Otherwise 400 invalid_cursor_format.',
      ),
  ),
  query('submitted_at_min', dateBound('lower bound')),
  query('submitted_at_max', dateBound('upper bound')),
  query(
    'statuses',
    z
      .string()
      .regex(STATUSES_PATTERN)
      .describe(
        `Comma-separated statuses out of: ${RETURN_ORDER_STATUSES.join(', ')}. Exact lower case, not trimmed. An empty element: 400 invalid_statuses_format; any other value (draft and cancelled included): invalid_status_value.`,
      ),
  ),
  query(
    'ids',
    z
      .string()
      .regex(IDS_PATTERN)
      .describe(
        'Comma-separated return order ids: positive integers up to 2^53-1 in plain digits, no spaces, no empty element. Otherwise 400 invalid_ids_format.',
      ),
  ),
  query(
    'order_names',
    z
      .string()
      .regex(ORDER_NAMES_PATTERN)
      .describe(
        'Comma-separated order names, each matched exactly and case-sensitively; spaces belong to the name (nothing is trimmed). An empty element: 400 invalid_order_names_format.',
      ),
  ),
];

/** `{id}` of the order routes. A segment that is no such id is answered 404 return_order_not_found. */
export const ORDER_ID_PARAMETER: Parameter = {
  name: 'id',
  in: 'path',
  isRequired: true,
  schema: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  description: 'The return order id. A segment that is no positive integer is answered 404 return_order_not_found.',
};

const itemBase = { id: reviewItemSchema.shape.id, type: itemTypeSchema };

/**
 * One review element (section 2, D6 step 4): `reject` needs a non-blank reject_reason;
 * with the other actions reject_reason is ignored, whatever it holds. Unknown properties
 * are ignored.
 */
const reviewElementSchema = z.union([
  z.object({ ...itemBase, action: z.literal('reject'), reject_reason: z.string().regex(/\S/) }),
  z.object({ ...itemBase, action: z.enum(REVIEW_ACTIONS).exclude(['reject']), reject_reason: z.unknown().optional() }),
]);

export const REVIEW_BODY: RequestBody = {
  isRequired: true,
  description:
    'A JSON object with an items array (read as JSON whatever the Content-Type says; a body that is not one is answered 400 missing_items_array). Unknown properties are ignored.',
  mediaType: 'application/json',
  schema: { zod: z.object({ items: z.array(reviewElementSchema) }), component: 'ReviewRequest' },
};

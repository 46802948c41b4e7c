/**
 * The zod schemas of the Return Orders interface (the retailer's interface document,
 * with the gaps filled by docs/decisions.md). The sandbox and the client both
 * import these, so the two cannot drift. Response schemas are loose: unknown fields pass
 * through (the interface says return orders carry more fields than it names).
 */
import * as z from './zod.js';

/** The 12 statuses the interface lists, in its order (section 3). */
export const RETURN_ORDER_STATUSES = [
  'pending',
  'reviewed',
  'received',
  'resolving',
  'pending_payment_from_customer',
  'payments_account_disabled',
  'pending_action',
  'completing',
  'handle_manually',
  'completed',
  'rejected',
  'archived',
] as const;

/** Statuses that exist but are never exposed: such orders are answered as not found. */
export const HIDDEN_STATUSES = ['draft', 'cancelled'] as const;

export const returnOrderStatusSchema = z.enum(RETURN_ORDER_STATUSES);
export type ReturnOrderStatus = z.infer<typeof returnOrderStatusSchema>;

/**
 * A status this version does not know (a newer service may add one), exactly as the
 * service sent it. Branded so it cannot be mistaken for one of the 12: code that acts on a
 * status narrows with `isKnownStatus` first, and an order with an unknown one is read-only.
 * It is service text: display it through the sanitizer like any other.
 */
export type UnknownStatus = string & { readonly __unknownStatus: true };

/** An order's status as the client reads it: one of the 12, or one it does not know. */
export type OrderStatus = ReturnOrderStatus | UnknownStatus;

const KNOWN_STATUSES: ReadonlySet<string> = new Set(RETURN_ORDER_STATUSES);

/** True for the 12 statuses of the interface. */
export function isKnownStatus(status: string): status is ReturnOrderStatus {
  return KNOWN_STATUSES.has(status);
}

/** Every status a stored order may have (fixtures, demo data). */
export const storedStatusSchema = z.enum([...RETURN_ORDER_STATUSES, ...HIDDEN_STATUSES]);
export type StoredStatus = z.infer<typeof storedStatusSchema>;

/** Item statuses (D4). */
export const ITEM_STATUSES = ['pending', 'approved', 'rejected', 'kept'] as const;
export const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

export const ITEM_TYPES = ['refund', 'exchange'] as const;
export const itemTypeSchema = z.enum(ITEM_TYPES);
export type ItemType = z.infer<typeof itemTypeSchema>;

export const REVIEW_ACTIONS = ['approve', 'reject', 'keep_item'] as const;
export const reviewActionSchema = z.enum(REVIEW_ACTIONS);
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/** `YYYY-MM-DDThh:mm:ssZ`, the shape the interface gives for `submitted_at`. */
export const UTC_SECONDS_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Decimal amount as a string, e.g. "19.90" (D4). */
export const PRICE_PATTERN = /^-?\d+(\.\d+)?$/;

/** A refund or exchange item as returned on a return order (D4). */
export const returnItemSchema = z.looseObject({
  id: z.number().check(z.int()),
  status: itemStatusSchema,
  title: z.string(),
  sku: z.optional(z.nullable(z.string())),
  quantity: z.number().check(z.int(), z.minimum(1)),
  price: z.string().check(z.regex(PRICE_PATTERN)),
  reason: z.optional(z.nullable(z.string())),
  reject_reason: z.optional(z.nullable(z.string())),
  exchange_for: z.optional(z.nullable(z.looseObject({ title: z.string(), sku: z.optional(z.nullable(z.string())) }))),
});
export type ReturnItem = z.infer<typeof returnItemSchema>;

/**
 * A return order as the interface returns it (section 2, plus D4's item arrays): what the
 * sandbox produces and its OpenAPI document states, one of the 12 statuses exactly.
 */
export const returnOrderSchema = z.looseObject({
  id: z.number().check(z.int()),
  cust_email: z.string(),
  cust_first_name: z.string(),
  cust_last_name: z.string(),
  status: returnOrderStatusSchema,
  currency: z.string(),
  order_id: z.string(),
  order_name: z.string(),
  submitted_at: z.string().check(z.regex(UTC_SECONDS_PATTERN), z.meta({ format: 'date-time' })),
  /** D4: optional on the wire; a service without them shows "item details not available". */
  refunds: z.optional(z.array(returnItemSchema)),
  exchanges: z.optional(z.array(returnItemSchema)),
});

/** The page envelope of every list response. */
export const pageSchema = z.looseObject({
  data: z.array(returnOrderSchema),
  has_more: z.boolean(),
  next_cursor: z.nullable(z.string()),
});

/**
 * The tolerant reader of the client: a return order as read from a service, whose status
 * may be one this version does not know (kept as sent, never failing the page). Everything
 * else is checked as strictly as `returnOrderSchema`.
 */
export const readOrderSchema = z.extend(returnOrderSchema, {
  status: z.pipe(z.string(), z.transform((status: string): OrderStatus => status as OrderStatus)),
});
/** A return order as the client reads it (see `readOrderSchema`). */
export type ReturnOrder = z.infer<typeof readOrderSchema>;

/** A page as the client reads it (orders through `readOrderSchema`). */
export const readPageSchema = z.extend(pageSchema, { data: z.array(readOrderSchema) });
export type Page = z.infer<typeof readPageSchema>;

/** The six error types of the interface and their HTTP statuses (section 7). */
export const ERROR_TYPE_STATUS = {
  validation_error: 400,
  authentication_error: 401,
  resource_error: 404,
  state_error: 422,
  rate_limit_error: 429,
  api_error: 500,
} as const;
export type ErrorType = keyof typeof ERROR_TYPE_STATUS;

/** The error envelope: `{ "error": { type, code, message, param? } }`. */
export const errorBodySchema = z.looseObject({
  error: z.looseObject({
    type: z.string(),
    code: z.string(),
    message: z.string(),
    param: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One element of a review request's `items` array (section 2). */
export const reviewItemSchema = z.object({
  id: z.number().check(z.int()),
  type: itemTypeSchema,
  action: reviewActionSchema,
  reject_reason: z.optional(z.string()),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** A review request body. */
export const reviewRequestSchema = z.object({ items: z.array(reviewItemSchema) });
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** API keys: `sk_` and 64 hexadecimal characters, 67 in total (section 5). */
export const API_KEY_PATTERN = /^sk_[0-9a-fA-F]{64}$/;
export const API_KEY_LENGTH = 67;

/** Page size limits (section 8). */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The version path of the sandbox (D1). */
export const API_BASE_PATH = '/public-api/v1';

/**
 * What a scan comes to: the text looked up through the service's `order_names` and `ids`
 * filters (as quick find does); a reviewed order is received (scan-queue.ts sends it from
 * the scan desk's queue), a pending one handed over for review, anything else explained.
 * A scan that changes nothing is recorded in the activity log too.
 */
import type { CallOptions } from '../api/client-types.js';
import { isApiError, type ApiError } from '../api/client/errors.js';
import type { ReturnOrder } from '../api/schemas.js';
import { customerName } from '../format/order.js';
import { display, sanitizeForTerminal, type DisplayText } from '../format/sanitize.js';
import type { ScanFact } from './activity.js';
import type { OpsContext } from './context.js';
import { findOrders, parseFind } from './order-refs.js';
import { orderRefOfScan } from './scan-code.js';

/** A compact view of an order, as scan outcomes show it (texts sanitized). */
export interface ScannedOrder {
  readonly id: number;
  readonly name: DisplayText;
  readonly status: DisplayText;
  readonly customer: DisplayText;
}

/** How one scan ended. */
export type ScanOutcome =
  | {
      readonly kind: 'received';
      readonly order: ScannedOrder;
      readonly isAlreadyApplied: boolean;
      /** Read back: a receive sent earlier, whose answer was lost, had been applied. */
      readonly isReadBack?: boolean;
    }
  | { readonly kind: 'review'; readonly order: ScannedOrder }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'several'; readonly matches: readonly ScannedOrder[] }
  | { readonly kind: 'wrong-status'; readonly order: ScannedOrder }
  | { readonly kind: 'invalid'; readonly message: DisplayText }
  /** The lookup or the receive failed (the service said no, or could not be reached). */
  | { readonly kind: 'failed'; readonly order: ScannedOrder | null; readonly code: DisplayText; readonly message: DisplayText };

/** The order as scan mode shows it, sanitized. */
export function scannedOrder(order: ReturnOrder): ScannedOrder {
  return {
    id: order.id,
    name: sanitizeForTerminal(order.order_name),
    status: sanitizeForTerminal(order.status),
    customer: sanitizeForTerminal(customerName(order)),
  };
}

/** The outcome of a scan that failed with `error`. */
export function scanFailure(error: unknown, order: ScannedOrder | null): ScanOutcome {
  if (isApiError(error)) {
    const hint = error.hint ? ` ${error.hint}` : '';
    return { kind: 'failed', order, code: sanitizeForTerminal(error.code), message: sanitizeForTerminal(`${error.message}${hint}`) };
  }
  return { kind: 'failed', order, code: display`unexpected_error`, message: sanitizeForTerminal(error instanceof Error ? error.message : String(error)) };
}

/** Decides what a lookup's matches mean (pure). */
export function classifyMatches(matches: readonly ReturnOrder[]): ScanOutcome | { readonly kind: 'receive'; readonly order: ReturnOrder } {
  if (matches.length === 0) return { kind: 'not-found' };
  if (matches.length > 1) return { kind: 'several', matches: matches.map(scannedOrder) };
  const order = matches[0]!;
  if (order.status === 'reviewed') return { kind: 'receive', order };
  if (order.status === 'pending') return { kind: 'review', order: scannedOrder(order) };
  return { kind: 'wrong-status', order: scannedOrder(order) };
}

/** What the activity log records of a scan that changed nothing (none for one that opens a review). */
export function noChangeFact(text: string, outcome: ScanOutcome): ScanFact | null {
  const base = { kind: 'scan' as const, scanned: text };
  switch (outcome.kind) {
    case 'not-found':
      return { ...base, outcome: 'no_change', code: 'not_found', message: 'No return order has this name or id.' };
    case 'several':
      return { ...base, outcome: 'no_change', code: 'several_matches', message: `${outcome.matches.length} orders match: ${outcome.matches.map((m) => m.id).join(', ')}` };
    case 'wrong-status':
      return { ...base, orderId: outcome.order.id, orderName: outcome.order.name, outcome: 'no_change', code: 'wrong_status', message: `The order is ${outcome.order.status}, not reviewed.` };
    case 'invalid':
      return { ...base, outcome: 'no_change', code: 'invalid_scan', message: outcome.message };
    case 'failed':
      return { ...base, ...(outcome.order && { orderId: outcome.order.id }), outcome: 'failed', code: outcome.code, message: outcome.message };
    default:
      return null;
  }
}

/** What a lookup found: the order to receive, or what the scan came to (with the client's error behind a failure). */
export type LookUp = { readonly outcome: ScanOutcome | { readonly kind: 'receive'; readonly order: ReturnOrder }; readonly error?: ApiError };

/** Looks the scan up: the order to receive, or what the scan came to (`call`: a signal, fewer retries). */
export async function lookUpScan(client: OpsContext['client'], text: string, pattern: RegExp | null | undefined, call: CallOptions = {}): Promise<LookUp> {
  const ref = orderRefOfScan(text, pattern);
  if (ref.includes(',')) return { outcome: { kind: 'invalid', message: display`A scan is one order name or id; this one has a comma.` } };
  const parsed = parseFind(ref);
  if (!parsed.ok) return { outcome: { kind: 'invalid', message: sanitizeForTerminal(parsed.message) } };
  try {
    return { outcome: classifyMatches(await findOrders(client, parsed.lookup, call)) };
  } catch (error) {
    return { outcome: scanFailure(error, null), ...(isApiError(error) && { error }) };
  }
}

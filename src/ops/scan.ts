/**
 * One scan in scan mode: look the text up through the service's `order_names` and `ids`
 * filters (as quick find does), then receive a reviewed order at once (receive.ts), hand
 * a pending one over for review, and explain anything else. A scan that changes nothing
 * is recorded in the activity log too.
 */
import { isApiError, type ApiError } from '../api/client/errors.js';
import type { ReturnOrder } from '../api/schemas.js';
import { customerName } from '../format/order.js';
import { display, sanitizeForTerminal, type DisplayText } from '../format/sanitize.js';
import { recordActivity, type ScanFact } from './activity.js';
import type { OpsContext } from './context.js';
import { findOrders, parseFind } from './find-orders.js';
import { receiveOrder } from './receive.js';
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
  | { readonly kind: 'received'; readonly order: ScannedOrder; readonly isAlreadyApplied: boolean }
  | { readonly kind: 'review'; readonly order: ScannedOrder }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'several'; readonly matches: readonly ScannedOrder[] }
  | { readonly kind: 'wrong-status'; readonly order: ScannedOrder }
  | { readonly kind: 'invalid'; readonly message: DisplayText }
  /** The lookup or the receive failed (the service said no, or could not be reached). */
  | { readonly kind: 'failed'; readonly order: ScannedOrder | null; readonly code: DisplayText; readonly message: DisplayText };

export interface ScanResult {
  readonly outcome: ScanOutcome;
  /** Local problems (the activity log could not be written). */
  readonly warnings: readonly string[];
  /** The client's error behind a failed outcome. */
  readonly error?: ApiError;
}

/** The order as scan mode shows it, sanitized. */
export function scannedOrder(order: ReturnOrder): ScannedOrder {
  return {
    id: order.id,
    name: sanitizeForTerminal(order.order_name),
    status: sanitizeForTerminal(order.status),
    customer: sanitizeForTerminal(customerName(order)),
  };
}

function failure(error: unknown, order: ScannedOrder | null): ScanOutcome {
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

type LookUp = { readonly outcome: ScanOutcome | { readonly kind: 'receive'; readonly order: ReturnOrder }; readonly error?: ApiError };

/** Looks the scan up: the order to receive, or what the scan came to. */
async function lookUp(client: OpsContext['client'], text: string, pattern: RegExp | null | undefined, signal?: AbortSignal): Promise<LookUp> {
  const ref = orderRefOfScan(text, pattern);
  if (ref.includes(',')) return { outcome: { kind: 'invalid', message: display`A scan is one order name or id; this one has a comma.` } };
  const parsed = parseFind(ref);
  if (!parsed.ok) return { outcome: { kind: 'invalid', message: sanitizeForTerminal(parsed.message) } };
  try {
    return { outcome: classifyMatches(await findOrders(client, parsed.lookup, signal)) };
  } catch (error) {
    return { outcome: failure(error, null), ...(isApiError(error) && { error }) };
  }
}

/**
 * Processes one scan; `pattern` is the profile's scan_code_pattern (its group is the order
 * name or id in a code). Never rejects: every failure is an outcome.
 */
export async function processScan(ctx: OpsContext, text: string, pattern?: RegExp | null): Promise<ScanResult> {
  // A lookup is a read: the console quitting cancels it.
  const { outcome: found, error } = await lookUp(ctx.client, text, pattern, ctx.writeStops?.stop);
  if (found.kind === 'receive' && ctx.writeStops?.stop.aborted) {
    // Found, but the console is quitting: the receive is not sent.
    const warnings: string[] = [];
    const order = scannedOrder(found.order);
    const message = display`The console quit before the receive was sent; nothing was changed.`;
    await recordActivity(ctx, { kind: 'scan', scanned: text, orderId: order.id, orderName: found.order.order_name, outcome: 'failed', code: 'not_sent', message }, warnings);
    return { outcome: { kind: 'failed', order, code: display`not_sent`, message }, warnings };
  }
  if (found.kind !== 'receive') {
    const warnings: string[] = [];
    const fact = noChangeFact(text, found);
    if (fact) await recordActivity(ctx, fact, warnings);
    return { outcome: found, warnings, ...(error && { error }) };
  }
  const order = scannedOrder(found.order);
  const written = await receiveOrder(ctx, order.id, { orderName: found.order.order_name });
  if (written.status === 'failed') return { outcome: failure(written.error, order), warnings: written.warnings, error: written.error };
  if (written.status !== 'ok') return { outcome: failure(new Error('not sent'), order), warnings: written.warnings };
  const status = sanitizeForTerminal(written.result.order ? written.result.order.status : 'received');
  return { outcome: { kind: 'received', order: { ...order, status }, isAlreadyApplied: written.isAlreadyApplied }, warnings: written.warnings };
}

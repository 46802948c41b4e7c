/**
 * What one scan does, outside React so it completes whatever the screen does: look the
 * text up through the service's `order_names` and `ids` filters (as quick find does), then
 * receive a reviewed order at once, hand a pending one over for review, and explain
 * anything else. Receives and scans that changed nothing are logged in the activity log.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReturnsClient } from '../../../api/client-types.js';
import { isApiError } from '../../../api/client/errors.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { customerName } from '../../../format/order.js';
import { display, sanitizeForTerminal } from '../../../format/sanitize.js';
import { appendAudit, type AuditEntry } from '../../../local/audit-log.js';
import { createDraftStore } from '../../../local/drafts.js';
import { discardStaleDraft } from '../../../local/stale-drafts.js';
import { findOrders, parseFind } from '../../queries/find-queries.js';
import { orderKeys } from '../../queries/query-keys.js';
import { orderRefOfScan } from './scan-code.js';
import type { ScannedOrder, ScanOutcome } from './scan-state.js';

export interface ScanDeps {
  readonly client: ReturnsClient;
  readonly queryClient: QueryClient;
  readonly stateDir: string;
  readonly profile: string;
  readonly now: () => number;
  /** The profile's scan_code_pattern (its group is the order name or id in a code), if any. */
  readonly scanCodePattern?: RegExp | null;
}

export interface ScanResult {
  readonly outcome: ScanOutcome;
  /** Local problems (the activity log could not be written). */
  readonly warnings: readonly string[];
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

/** The activity log entry of a scan that changed nothing (none for one that opens a review). */
export function noChangeEntry(text: string, outcome: ScanOutcome): Omit<AuditEntry, 'time' | 'profile'> | null {
  const base = { action: 'scan' as const, source: 'scan', scanned: text };
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

/** Appends `entry` to the activity log; a failure to write becomes a warning. */
async function audit(deps: ScanDeps, entry: Omit<AuditEntry, 'time' | 'profile'>, warnings: string[]): Promise<void> {
  try {
    await appendAudit(deps.stateDir, { time: new Date(deps.now()).toISOString(), profile: deps.profile, ...entry });
  } catch (error) {
    warnings.push(`The activity log could not be written: ${sanitizeForTerminal((error as Error).message)}`);
  }
}

/** Looks the scan up and decides; a scan that changes nothing is logged. */
async function lookUp(deps: ScanDeps, text: string): Promise<ScanResult | { readonly order: ReturnOrder }> {
  let outcome: ScanOutcome;
  const ref = orderRefOfScan(text, deps.scanCodePattern);
  if (ref.includes(',')) {
    outcome = { kind: 'invalid', message: display`A scan is one order name or id; this one has a comma.` };
  } else {
    const parsed = parseFind(ref);
    if (!parsed.ok) {
      outcome = { kind: 'invalid', message: sanitizeForTerminal(parsed.message) };
    } else {
      try {
        const decided = classifyMatches(await findOrders(deps.client, parsed.lookup));
        if (decided.kind === 'receive') return { order: decided.order };
        outcome = decided;
      } catch (error) {
        outcome = failure(error, null);
      }
    }
  }
  const warnings: string[] = [];
  const entry = noChangeEntry(text, outcome);
  if (entry) await audit(deps, entry, warnings);
  return { outcome, warnings };
}

/** Processes one scan. Never rejects: every failure is an outcome. */
export async function processScan(deps: ScanDeps, text: string): Promise<ScanResult> {
  const found = await lookUp(deps, text);
  if (!('order' in found)) return found;
  const order = scannedOrder(found.order);
  const warnings: string[] = [];
  const base = { orderId: order.id, orderName: found.order.order_name, action: 'receive' as const, source: 'scan' };
  let outcome: ScanOutcome;
  try {
    const result = await deps.client.receive(order.id);
    const status = sanitizeForTerminal(result.order ? result.order.status : 'received');
    outcome = { kind: 'received', order: { ...order, status }, isAlreadyApplied: result.isAlreadyApplied };
    await audit(deps, {
      ...base,
      outcome: result.isAlreadyApplied ? 'already_applied' : 'ok',
      ...(result.requestId !== undefined && { requestId: result.requestId }),
    }, warnings);
    // A draft left from when the order was pending can never be sent now.
    const drafts = createDraftStore({ stateDir: deps.stateDir, profile: deps.profile, now: deps.now });
    await discardStaleDraft({ store: drafts, stateDir: deps.stateDir, profile: deps.profile, now: deps.now, orderId: order.id, orderName: found.order.order_name, status: result.order?.status ?? 'received', source: 'scan' }).catch(
      (error: unknown) => void warnings.push(`A stale draft could not be removed: ${sanitizeForTerminal((error as Error).message)}`),
    );
  } catch (error) {
    outcome = failure(error, order);
    const e = isApiError(error) ? error : null;
    await audit(deps, {
      ...base,
      outcome: 'failed',
      ...(e?.status !== undefined && { status: e.status }),
      code: e?.code ?? 'unexpected_error',
      message: e?.message ?? (error instanceof Error ? error.message : String(error)),
      ...(e?.requestId !== undefined && { requestId: e.requestId }),
    }, warnings);
  }
  // The list and any open order show the new status.
  void deps.queryClient.invalidateQueries({ queryKey: orderKeys.all });
  return { outcome, warnings };
}

/**
 * What one scan does, outside React so it completes whatever the screen does: look the
 * text up through the service's `order_names` and `ids` filters (as quick find does), then
 * receive a reviewed order at once (logged in the activity log), hand a pending one over
 * for review, and explain anything else.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReturnsClient } from '../../../api/client-types.js';
import { isApiError } from '../../../api/client/errors.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { customerName } from '../../../format/order.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { appendAudit } from '../../../local/audit-log.js';
import { findOrders, parseFind } from '../../queries/find-queries.js';
import { orderKeys } from '../../queries/query-keys.js';
import type { ScannedOrder, ScanOutcome } from './scan-state.js';

export interface ScanDeps {
  readonly client: ReturnsClient;
  readonly queryClient: QueryClient;
  readonly stateDir: string;
  readonly profile: string;
  readonly now: () => number;
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
  return { kind: 'failed', order, code: 'unexpected_error', message: sanitizeForTerminal(error instanceof Error ? error.message : String(error)) };
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

/** Processes one scan. Never rejects: every failure is an outcome. */
export async function processScan(deps: ScanDeps, text: string): Promise<ScanResult> {
  if (text.includes(',')) {
    return { outcome: { kind: 'invalid', message: 'A scan is one order name or id; this one has a comma.' }, warnings: [] };
  }
  const parsed = parseFind(text);
  if (!parsed.ok) return { outcome: { kind: 'invalid', message: parsed.message }, warnings: [] };
  let matches: ReturnOrder[];
  try {
    matches = await findOrders(deps.client, parsed.lookup);
  } catch (error) {
    return { outcome: failure(error, null), warnings: [] };
  }
  const decided = classifyMatches(matches);
  if (decided.kind !== 'receive') return { outcome: decided, warnings: [] };

  const order = scannedOrder(decided.order);
  const warnings: string[] = [];
  const audit = async (entry: Parameters<typeof appendAudit>[1]) => {
    try {
      await appendAudit(deps.stateDir, entry);
    } catch (error) {
      warnings.push(`The activity log could not be written: ${sanitizeForTerminal((error as Error).message)}`);
    }
  };
  const base = { time: '', profile: deps.profile, orderId: order.id, action: 'receive' as const, source: 'scan' };
  let outcome: ScanOutcome;
  try {
    const result = await deps.client.receive(order.id);
    const status = result.order ? sanitizeForTerminal(result.order.status) : 'received';
    outcome = { kind: 'received', order: { ...order, status }, isAlreadyApplied: result.isAlreadyApplied };
    await audit({
      ...base,
      time: new Date(deps.now()).toISOString(),
      outcome: result.isAlreadyApplied ? 'already_applied' : 'ok',
      ...(result.requestId !== undefined && { requestId: result.requestId }),
    });
  } catch (error) {
    outcome = failure(error, order);
    const e = isApiError(error) ? error : null;
    await audit({
      ...base,
      time: new Date(deps.now()).toISOString(),
      outcome: 'failed',
      ...(e?.status !== undefined && { status: e.status }),
      code: e?.code ?? 'unexpected_error',
      message: e?.message ?? (error instanceof Error ? error.message : String(error)),
      ...(e?.requestId !== undefined && { requestId: e.requestId }),
    });
  }
  // The list and any open order show the new status.
  void deps.queryClient.invalidateQueries({ queryKey: orderKeys.all });
  return { outcome, warnings };
}

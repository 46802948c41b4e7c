/**
 * How a quitting console ends its writes. First it stops starting new ones (a bulk run sends
 * nothing more, a scan sends no receive); the writes in flight go on, since cutting one
 * leaves the service's state unknown. If they outlast the wait, it cuts them. A write that
 * ends without a definite answer while the console quits (cut, timed out, connection lost,
 * a 5xx) is then read back through the interface and logged as applied or not applied:
 * the activity log never leaves it unknown unless the service cannot be read either, and
 * then it says so.
 */
import type { CallOptions, WriteResult } from '../api/client-types.js';
import { ApiError } from '../api/client/errors.js';
import type { ReturnOrder } from '../api/schemas.js';
import type { OpsContext } from './context.js';
import type { WriteOutcome } from './outcome.js';

/** What a write that ended without a definite answer at quit came to, as read back. */
export type Reconciled = 'applied' | 'not_applied' | 'unknown';

/** The signals to the writes of a console or a command: how it stops them (stop-signals.ts). */
export interface WriteStops {
  /** Aborted when the console quits: nothing new is sent. */
  readonly stop: AbortSignal;
  /** Aborted when the wait at quit runs out: writes in flight are cancelled, then read back. */
  readonly cut: AbortSignal;
  /**
   * Makes the console's quit wait for `work` (a write, a bulk run, a scan, each to its
   * activity-log entry), named `what` in the line that says what it waits for.
   */
  hold<T>(what: string, work: () => Promise<T>): Promise<T>;
}

/** The signals with the console's hands on them. */
export interface WriteStopControl extends WriteStops {
  /** Quitting: start nothing new. */
  stopNew(): void;
  /** The wait is over: cancel what is in flight (implies stopNew). */
  cutInFlight(): void;
  /** What is held now, by name (one per write, bulk run or scan). */
  inFlight(): readonly string[];
  /** Resolves when nothing is held. */
  whenIdle(): Promise<void>;
}

/** Longest read-back of one write after quitting: one order read, so a healthy service needs milliseconds. */
export const READ_BACK_MS = 5_000;

/** Creates the console's write stops (one for the whole console, every profile's session). */
export function createWriteStops(): WriteStopControl {
  const stop = new AbortController();
  const cut = new AbortController();
  const held = new Map<symbol, string>();
  const idle: (() => void)[] = [];
  const release = (token: symbol) => {
    held.delete(token);
    if (held.size > 0) return;
    for (const resolve of idle.splice(0)) resolve();
  };
  function hold<T>(what: string, work: () => Promise<T>): Promise<T> {
    const token = Symbol(what);
    held.set(token, what);
    let running: Promise<T>;
    try {
      running = work();
    } catch (error) {
      running = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return running.finally(() => release(token));
  }
  return {
    stop: stop.signal,
    cut: cut.signal,
    hold,
    stopNew: () => stop.abort(),
    cutInFlight: () => {
      stop.abort();
      cut.abort();
    },
    inFlight: () => [...held.values()],
    whenIdle: () => (held.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
  };
}

/** `work`, held by the stops when there are any. */
export function heldBy<T>(stops: WriteStops | undefined, what: string, work: () => Promise<T>): Promise<T> {
  return stops ? stops.hold(what, work) : work();
}

/** `call` with the cut signal added to its own, so a write in flight can be cancelled at quit. */
export function cuttable(call: CallOptions | undefined, stops: WriteStops | undefined): CallOptions | undefined {
  if (!stops) return call;
  return { ...call, signal: call?.signal ? AbortSignal.any([call.signal, stops.cut]) : stops.cut };
}

/** True when the console is quitting and `error` is no definite answer (no answer, or a 5xx): the write may have been applied. */
function needsReadBack(ctx: Pick<OpsContext, 'writeStops'>, error: ApiError): boolean {
  if (!ctx.writeStops?.stop.aborted) return false;
  return error.status === undefined || error.status >= 500;
}

type Unsettled = Extract<WriteOutcome, { status: 'failed' }>;

/** `outcome`, or, when it failed without a definite answer while the console quits, what reading it back found. */
export async function settleAtQuit(ctx: Pick<OpsContext, 'client' | 'writeStops'>, outcome: WriteOutcome, isApplied: (order: ReturnOrder | null) => boolean): Promise<WriteOutcome> {
  return outcome.status === 'failed' && needsReadBack(ctx, outcome.error) ? readBack(ctx, outcome, isApplied) : outcome;
}

/**
 * Reads the order of `failed` back and says whether the write took effect: `isApplied` is
 * the client's own check (the state the request would have produced). Applied: an `ok`
 * outcome marked `reconciled: 'applied'`; otherwise still failed, marked `not_applied`, or
 * `unknown` when the order could not be read either (the message says how to check).
 */
async function readBack(ctx: Pick<OpsContext, 'client'>, failed: Unsettled, isApplied: (order: ReturnOrder | null) => boolean): Promise<WriteOutcome> {
  const { error, orderId } = failed;
  const keep = { kind: error.kind, code: error.code, ...(error.status !== undefined && { status: error.status }), ...(error.requestId !== undefined && { requestId: error.requestId }) };
  let order: ReturnOrder | null;
  try {
    order = await ctx.client.getOrder(orderId, { signal: AbortSignal.timeout(READ_BACK_MS) });
  } catch (thrown) {
    const why = thrown instanceof Error ? thrown.message : String(thrown);
    const message = `${error.message} Read back when the console quit: the order could not be read (${why}), so whether the ${failed.action} was applied is unknown. Check with \`returns-console show ${orderId}\`.`;
    return { ...failed, error: new ApiError({ ...keep, message }), reconciled: 'unknown' };
  }
  if (isApplied(order)) {
    const result: WriteResult = { order, isAlreadyApplied: false, ...(error.requestId !== undefined && { requestId: error.requestId }) };
    const { error: _dropped, ...rest } = failed;
    const orderName = failed.orderName ?? order?.order_name;
    return { ...rest, ...(orderName !== undefined && { orderName }), status: 'ok', result, isAlreadyApplied: false, reconciled: 'applied' };
  }
  const now = order === null ? 'the order is no longer available' : `the order is ${order.status}`;
  const message = `${error.message} Read back when the console quit: not applied (${now}).`;
  return { ...failed, error: new ApiError({ ...keep, message }), reconciled: 'not_applied' };
}

/**
 * The words and figures of a bulk run, as plain strings (pure, tested without rendering):
 * the question with the count, the progress bar, rate and ETA, one line per outcome and
 * the summary of the results. Texts that came from the service are sanitized where the
 * outcomes are made (bulk-runner.ts), so these only assemble them.
 */
import { display, joinDisplay, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { unknownStatusCount } from '../../unknown-status.js';
import type { BulkKind, OrderOutcome, RunProgress } from './bulk-run-state.js';
import { nextStepAfter, type NextStep } from '../../../ops/next-step.js';

const VERB: Record<BulkKind, { readonly title: string; readonly done: string }> = {
  receive: { title: 'Receive', done: 'received' },
  approve: { title: 'Approve all', done: 'approved' },
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "#N1001" when the name is known, else "order 1001". */
export function orderLabel(id: number, name: string | null | undefined): string {
  return name ? name : `order ${id}`;
}

/** The panel's title, e.g. "Bulk receive · 20 orders". */
export function runTitle(kind: BulkKind, total: number): string {
  return `Bulk ${kind === 'receive' ? 'receive' : 'approve all'} · ${plural(total, 'order')}`;
}

/**
 * The confirmation question, with the count and the first few names; for approve all, how
 * many of the orders carry a saved draft (those are sent with the draft's decisions).
 */
export function confirmQuestion(kind: BulkKind, ids: readonly number[], nameOf: (id: number) => string | null, draftCount = 0, skipped: readonly number[] = [], leftOut: readonly LeftOut[] = []): DisplayText {
  const list = display` (${namesList(ids, nameOf)})`;
  const notReady = leftOut.length === 0 ? display`` : display` Left out: ${leftOutText(kind, leftOut, nameOf)}`;
  const count = sanitizeForTerminal(plural(ids.length, 'order'));
  // Marked orders whose status this version does not know are never sent (read-only).
  const left =
    skipped.length === 0
      ? display``
      : display` ${unknownStatusCount(skipped.length)} and ${skipped.length === 1 ? display`is` : display`are`} skipped (${namesList(skipped, nameOf)}): read-only in this version.`;
  if (kind === 'receive') return display`Mark ${count} received${list}?${left}${notReady}`;
  const drafts =
    draftCount === 0
      ? ''
      : ` ${draftCount === 1 ? '1 order has' : `${draftCount} orders have`} a saved draft: ${draftCount === 1 ? 'its' : 'their'} decisions are sent as drafted.`;
  return display`Approve every undecided item of ${count}, one review each${list}?${sanitizeForTerminal(drafts)}${left}${notReady}`;
}

/** The first few orders' names (sanitized: they come from the service), and how many more. */
function namesList(ids: readonly number[], nameOf: (id: number) => string | null): DisplayText {
  const shown = ids.slice(0, 5).map((id) => sanitizeForTerminal(orderLabel(id, nameOf(id))));
  const more = ids.length > shown.length ? display`, … ${ids.length - shown.length} more` : display``;
  return display`${joinDisplay(shown, display`, `)}${more}`;
}

export { progressBar } from '../../../format/bars.js';

/**
 * A rate is shown only once it means something: after a second, or after this many orders
 * (the first answers arrive within milliseconds and once read as 2000 orders/s).
 */
export const RATE_MIN_MS = 1000;
export const RATE_MIN_DONE = 10;

/** Orders finished per second since the start; 0 until there is enough to go by. */
export function throughput(done: number, elapsedMs: number): number {
  if (elapsedMs <= 0 || (elapsedMs < RATE_MIN_MS && done < RATE_MIN_DONE)) return 0;
  // Before a whole second, count it as one: 10 orders in 5 ms is not 2000 orders/s.
  return (done * 1000) / Math.max(elapsedMs, RATE_MIN_MS);
}

/** "ETA 12 s", "ETA 3 min"; "ETA –" until there is a rate to go by. */
export function etaText(progress: Pick<RunProgress, 'done' | 'total'>, elapsedMs: number): string {
  const rate = throughput(progress.done, elapsedMs);
  const left = progress.total - progress.done;
  if (left <= 0) return 'ETA 0 s';
  if (rate <= 0) return 'ETA –';
  const seconds = Math.ceil(left / rate);
  return seconds < 120 ? `ETA ${seconds} s` : `ETA ${Math.ceil(seconds / 60)} min`;
}

/** "12/40 done · 10 ok · 2 failed · 4.2 orders/s · ETA 7 s". */
export function progressText(progress: RunProgress, elapsedMs: number): string {
  const ok = progress.alreadyApplied > 0 ? `${progress.ok} ok (${progress.alreadyApplied} already applied)` : `${progress.ok} ok`;
  const rate = throughput(progress.done, elapsedMs);
  return [
    `${progress.done}/${progress.total} done`,
    ok,
    `${progress.failed} failed`,
    rate > 0 ? `${rate.toFixed(1)} orders/s` : 'rate –',
    etaText(progress, elapsedMs),
  ].join(' · ');
}

/** What is happening besides plain progress (stopping, rate limited), or null. */
export function runStatusText(progress: RunProgress, isStopping: boolean, isQuitting: boolean): string | null {
  if (isStopping) {
    const waiting = progress.running > 0 ? `waiting for ${plural(progress.running, 'request')} in flight` : 'finishing';
    return `${isQuitting ? 'Quitting' : 'Stopping'}: no new requests; ${waiting}. Orders not started are reported as not done.`;
  }
  if (progress.isPaused) return `Paused: the service asked to slow down (${plural(progress.rateLimited, '429 answer')} so far); resuming by itself.`;
  if (progress.rateLimited > 0) return `Rate limited ${progress.rateLimited}× so far; pacing at ${progress.rate.toFixed(1)} requests/s.`;
  return null;
}

/** The mark and words of one outcome: "✓ received", "✓ already applied", "✗ failed", "– not done". */
export function outcomeWords(kind: BulkKind, outcome: OrderOutcome): string {
  switch (outcome.result) {
    case 'ok':
      return outcome.isAlreadyApplied ? '✓ already applied' : `✓ ${VERB[kind].done}`;
    case 'failed':
      return '✗ failed';
    case 'not-done':
      return '– not done';
  }
}

/**
 * The lines of one outcome in the results: one for ok and not done; two for a failure
 * (who, HTTP status and request id; then the message, which may be long, and its code).
 */
export function outcomeLines(kind: BulkKind, outcome: OrderOutcome): readonly string[] {
  const who = outcome.name ? `${outcome.name} (${outcome.id})` : `order ${outcome.id}`;
  const words = outcomeWords(kind, outcome);
  if (outcome.result === 'ok') {
    // The order's new status only when it says more than the verb ("✓ approved, now reviewed", not "✓ received, now received").
    const isNews = outcome.status && !outcome.isAlreadyApplied && outcome.status !== VERB[kind].done;
    const now = isNews ? `, now ${outcome.status}` : '';
    const draft = outcome.fromDraft ? ` (${plural(outcome.fromDraft, 'decision')} from its draft)` : '';
    return [`${who}  ${words}${draft}${now}`];
  }
  if (outcome.result === 'not-done') return [`${who}  ${words} (stopped before it was sent)`];
  // Words first, the code in brackets after them (as in every error line).
  const facts = [outcome.httpStatus === undefined ? '' : `HTTP ${outcome.httpStatus}`, outcome.requestId ? `request ${outcome.requestId}` : ''].filter(Boolean);
  const context = facts.length ? ` (${facts.join(', ')})` : '';
  return [`${who}  ${words}${context}`, `    ${outcome.message} [${outcome.code}]`];
}

/** One line per outcome (the progress view's "latest" list): the failure's message after its code. */
export function outcomeLine(kind: BulkKind, outcome: OrderOutcome): string {
  const lines = outcomeLines(kind, outcome);
  return lines.length === 1 ? lines[0]! : `${lines[0]!}: ${lines[1]!.trim()}`;
}

/**
 * The lines of one outcome wrapped to `width` columns (the results list): nothing of a
 * failure's code, request id or message is cut; continuation lines are indented.
 */
export function outcomeLinesAt(kind: BulkKind, outcome: OrderOutcome, width: number): readonly string[] {
  const [head, message] = outcomeLines(kind, outcome);
  const lines = wrapToWidth(head!, width).map((l, i) => (i === 0 ? l : `  ${l}`));
  if (message !== undefined) lines.push(...wrapToWidth(message.trim(), Math.max(10, width - 4)).map((l) => `    ${l}`));
  return lines;
}

/** How many outcomes, counted back from the last, fit in `rows` lines (at least 1). */
export function outcomesFittingAtEnd(kind: BulkKind, outcomes: readonly OrderOutcome[], rows: number, width = Number.POSITIVE_INFINITY): number {
  let used = 0;
  let count = 0;
  for (let i = outcomes.length - 1; i >= 0; i--) {
    used += (Number.isFinite(width) ? outcomeLinesAt(kind, outcomes[i]!, width) : outcomeLines(kind, outcomes[i]!)).length;
    if (used > rows) break;
    count++;
  }
  return Math.max(1, count);
}

export interface OutcomeCounts {
  readonly ok: number;
  readonly alreadyApplied: number;
  readonly failed: number;
  readonly notDone: number;
}

/** Counts of a run's outcomes. */
export function countOutcomes(outcomes: readonly OrderOutcome[]): OutcomeCounts {
  let ok = 0;
  let alreadyApplied = 0;
  let failed = 0;
  let notDone = 0;
  for (const o of outcomes) {
    if (o.result === 'ok') {
      ok++;
      if (o.isAlreadyApplied) alreadyApplied++;
    } else if (o.result === 'failed') failed++;
    else notDone++;
  }
  return { ok, alreadyApplied, failed, notDone };
}

/** "Bulk receive finished: 18 ok (1 already applied), 2 failed, 0 not done, in 4.1 s." */
export function resultsSummary(kind: BulkKind, outcomes: readonly OrderOutcome[], isStopped: boolean, elapsedMs: number): string {
  const c = countOutcomes(outcomes);
  const ok = c.alreadyApplied > 0 ? `${c.ok} ok (${c.alreadyApplied} already applied)` : `${c.ok} ok`;
  const how = isStopped ? 'stopped' : 'finished';
  return `Bulk ${kind === 'receive' ? 'receive' : 'approve all'} ${how}: ${ok}, ${c.failed} failed, ${c.notDone} not done, in ${(elapsedMs / 1000).toFixed(1)} s.`;
}

/** The keys the advice names. */
export interface AdviceKeys {
  /** The list's key that starts this kind of run (r, A). */
  readonly retry: string;
  /** The list's refresh key (R). */
  readonly refresh: string;
}

/**
 * What to do next, given the outcomes (failed and not-done orders stay marked): for each group
 * of orders that did not go through, only the step that can succeed (ops/next-step.ts).
 */
export function resultsAdvice(kind: BulkKind, outcomes: readonly OrderOutcome[], keys: AdviceKeys): string {
  const c = countOutcomes(outcomes);
  const done = c.ok > 0 ? `${plural(c.ok, 'order')} that went through ${c.ok === 1 ? 'is' : 'are'} unmarked.` : '';
  if (c.failed + c.notDone === 0) return `${done}${done ? ' ' : ''}Every order went through.`;
  const steps = new Map<NextStep, number>();
  for (const o of outcomes) {
    if (o.result === 'ok') continue;
    const step = o.result === 'not-done' ? 'retry' : nextStepAfter(o.code);
    steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  const verb = kind === 'receive' ? 'receive' : 'approve';
  const said = ORDER_OF_STEPS.flatMap((step) => {
    const n = steps.get(step);
    if (!n) return [];
    const they = n === 1 ? 'it' : 'them';
    const subject = plural(n, 'order');
    switch (step) {
      case 'retry':
        return [`${subject} can be tried again: press ${keys.retry} on the list to ${verb} ${they} again.`];
      case 'refresh':
        return [`${subject} changed status since the list was read: press ${keys.refresh} to see ${n === 1 ? 'its' : 'their'} status (a pending order needs a review first).`];
      case 'open':
        return [`${subject} ${n === 1 ? 'was' : 'were'} refused as sent: open ${they} to decide by hand.`];
      case 'fix-key':
        return [`The key was refused for ${subject}: fix the key (returns-console config), then try again.`];
      case 'free-space':
        return [`${subject} ${n === 1 ? 'was' : 'were'} not sent: the activity log could not be written; free some space, then press ${keys.retry} again.`];
      default:
        return [`${subject} need${n === 1 ? 's' : ''} nothing more (gone, or already done).`];
    }
  });
  return [done, 'Those that did not go through stay marked.', ...said].filter(Boolean).join(' ');
}

const ORDER_OF_STEPS: readonly NextStep[] = ['retry', 'free-space', 'fix-key', 'refresh', 'open', 'nothing'];

/** An order a run leaves out because its known status makes the write impossible. */
export interface LeftOut {
  readonly id: number;
  /** Its status as the list last read it (service text). */
  readonly status: string;
}

/**
 * Why `leftOut` are not sent, with the step that can succeed for them: a pending order is
 * reviewed first; anything else needs nothing from this run.
 */
export function leftOutText(kind: BulkKind, leftOut: readonly LeftOut[], nameOf: (id: number) => string | null): DisplayText {
  const pending = leftOut.filter((o) => o.status === 'pending').map((o) => o.id);
  const others = leftOut.filter((o) => o.status !== 'pending');
  const parts: DisplayText[] = [];
  if (kind === 'receive' && pending.length > 0) {
    parts.push(display`${namesList(pending, nameOf)} ${pending.length === 1 ? display`is` : display`are`} not reviewed yet: review ${pending.length === 1 ? display`it` : display`them`} first (Enter opens an order).`);
  }
  const done = kind === 'receive' ? others : leftOut;
  if (done.length > 0) {
    const statuses = [...new Set(done.map((o) => o.status))].map((s) => sanitizeForTerminal(s, { maxChars: 40 }));
    parts.push(display`${namesList(done.map((o) => o.id), nameOf)} ${done.length === 1 ? display`is` : display`are`} already ${joinDisplay(statuses, display` or `)}: nothing to ${kind === 'receive' ? display`receive` : display`approve`}.`);
  }
  return joinDisplay(parts, display` `);
}

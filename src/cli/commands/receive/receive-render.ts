/**
 * Output of `receive`: a progress line on stderr while the run goes (terminal only), then
 * one result per order through the exporter (src/cli/output/): a table on a terminal,
 * tab-separated lines when piped, or a JSON array.
 */
import { progressText } from '../../output/progress-line.js';
import type { BulkProgress } from '../../../api/bulk/index.js';
import type { WriteOutcome } from '../../../ops/outcome.js';
import type { Style } from '../../../format/style.js';
import { leadWords, toErrorShape } from '../../errors-output.js';
import { nextStepAfter, type NextStep } from '../../../ops/next-step.js';
import type { Column, Output } from '../../output/index.js';

export type ReceiveOutcome = WriteOutcome;

/** The result word of an outcome (colour only repeats it). */
export function outcomeWord(outcome: ReceiveOutcome): string {
  if (outcome.status === 'ok') return outcome.isAlreadyApplied ? 'ok (already applied)' : 'ok';
  if (outcome.status === 'not_done') return 'not sent';
  if (outcome.reconciled === 'not_applied') return 'not applied';
  if (outcome.reconciled === 'unknown') return 'unknown';
  return outcome.error.kind === 'aborted' ? 'cancelled' : 'failed';
}

function detail(outcome: ReceiveOutcome): string {
  if (outcome.status === 'ok') {
    const order = outcome.result.order;
    const now = order ? `${order.order_name} now ${order.status}` : 'received';
    return outcome.reconciled === 'applied' ? `${now} (its answer was cut off by the stop; read back)` : now;
  }
  if (outcome.status === 'not_done') return 'stopped before it was sent';
  if (outcome.reconciled === 'not_applied') return 'cut off by the stop; read back: not applied';
  if (outcome.reconciled === 'unknown') return `cut off by the stop and could not be read back: it is read back at the next start; check with \`returns-console show ${outcome.orderId}\``;
  const e = outcome.error;
  if (e.kind === 'aborted') return 'cancelled in flight: it may or may not have been applied; check with `returns-console show`';
  // As every error line: the words first, the code in brackets, then the request id.
  const requestId = e.requestId ? ` (request id ${e.requestId})` : '';
  return `${leadWords(e.message)} [${e.code}]${requestId}`;
}

function resultColumns(style: Style): Column<ReceiveOutcome>[] {
  const paint = (word: string) => (word.startsWith('ok') ? style.green : word === 'not sent' ? style.yellow : style.red);
  return [
    { name: 'id', spec: { header: 'ID', align: 'right' }, value: (o) => String(o.orderId) },
    { name: 'result', spec: { header: 'RESULT' }, value: outcomeWord, paint: (text, o) => paint(outcomeWord(o))(text) },
    // DETAIL is last and never cut: a long error message wraps rather than losing its end.
    { name: 'detail', spec: { header: 'DETAIL' }, value: detail },
  ];
}

/** One result as JSON; the order and the error as objects. */
function resultJson(o: ReceiveOutcome): unknown {
  // read_back: a write the stop cut off, read back (applied, not_applied, unknown).
  const readBack = o.reconciled === undefined ? {} : { read_back: o.reconciled };
  if (o.status === 'ok') {
    return { id: o.orderId, outcome: 'ok', already_applied: o.isAlreadyApplied, request_id: o.result.requestId ?? null, order: o.result.order, ...readBack };
  }
  if (o.status === 'not_done') return { id: o.orderId, outcome: 'skipped' };
  const e = toErrorShape(o.error);
  return {
    id: o.orderId,
    outcome: o.error.kind === 'aborted' ? 'cancelled' : 'failed',
    error: { type: e.type, code: e.code, message: e.message, param: e.param, status: e.status, request_id: e.requestId },
    ...readBack,
  };
}

/** The per-order results: a JSON array, a table on a terminal, tab-separated lines (no header) when piped. */
export function writeResults(output: Output, outcomes: readonly ReceiveOutcome[], options: { readonly isJson: boolean; readonly style: Style }): void {
  const format = options.isJson ? 'json' : output.isTTY ? 'table' : 'tsv';
  const writer = output.records(format, { columns: resultColumns(options.style), json: resultJson });
  for (const outcome of outcomes) writer.push(outcome);
  writer.end();
}

/**
 * "Received 3 of 5: 1 failed, 1 not sent.", then, for the orders that did not go through, the
 * step that can succeed for each kind of failure (ops/next-step.ts), with their ids.
 */
export function renderSummary(outcomes: readonly ReceiveOutcome[]): string {
  const count = (s: ReceiveOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const failed = count('failed');
  const skipped = count('not_done');
  const rest = [failed ? `${failed} failed` : '', skipped ? `${skipped} not sent` : ''].filter(Boolean).join(', ');
  const byStep = new Map<NextStep, number[]>();
  for (const o of outcomes) {
    // Applied, or unknown (read back at the next start): nothing to advise.
    if (o.status === 'ok' || o.reconciled === 'unknown') continue;
    const step = o.status === 'not_done' || o.reconciled === 'not_applied' ? 'retry' : nextStepAfter(o.error.code);
    byStep.set(step, [...(byStep.get(step) ?? []), o.orderId]);
  }
  const advice = [...byStep].map(([step, ids]) => `${ids.join(' ')}: ${STEP_WORDS[step]}\n`);
  return `Received ${count('ok')} of ${outcomes.length}${rest ? `: ${rest}` : ''}.\n${advice.join('')}`;
}

/** What to do about the orders of each next step, as a command line user does it. */
const STEP_WORDS: Readonly<Record<NextStep, string>> = {
  retry: 'not applied; run receive again with these ids.',
  refresh: 'not in the reviewed status; see it with `returns-console show ID` (a pending order needs `returns-console review` first).',
  open: 'refused; see `returns-console show ID`.',
  'fix-key': 'the key was refused; fix it (`returns-console config`), then run receive again.',
  'free-space': 'not sent: the activity log could not be written; free some space, then run receive again.',
  nothing: 'nothing more to do (no longer available).',
};

/** The stderr progress line, e.g. "Receiving… 12/50 done, 1 failed, 4 in flight". */
export function progressLine(p: BulkProgress): string {
  const parts = [`${p.done}/${p.total} done`];
  if (p.failed) parts.push(`${p.failed} failed`);
  if (p.running) parts.push(`${p.running} in flight`);
  if (p.isPaused) parts.push('rate limited, waiting');
  if (p.isStopping) parts.push('stopping');
  return progressText(`Receiving… ${parts.join(', ')}`);
}

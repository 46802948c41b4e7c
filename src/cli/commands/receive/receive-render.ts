/**
 * Output of `receive`: a progress line on stderr while the run goes (terminal only), then
 * one result per order: a table on a terminal, tab-separated lines when piped, or a JSON
 * array. Every string from the service is sanitized in text output.
 */
import type { BulkProgress } from '../../../api/bulk/index.js';
import type { WriteOutcome } from '../../../ops/outcome.js';
import { stringifySafeJson } from '../../../format/json-output.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import type { Style } from '../../../format/style.js';
import { renderTable, renderTsv } from '../../../format/table.js';
import { leadWords, toErrorShape } from '../../errors-output.js';

export type ReceiveOutcome = WriteOutcome;

/** The result word of an outcome (colour only repeats it). */
export function outcomeWord(outcome: ReceiveOutcome): string {
  if (outcome.status === 'ok') return outcome.isAlreadyApplied ? 'ok (already applied)' : 'ok';
  if (outcome.status === 'not_done') return 'not sent';
  return outcome.error.kind === 'aborted' ? 'cancelled' : 'failed';
}

function detail(outcome: ReceiveOutcome): string {
  if (outcome.status === 'ok') {
    const order = outcome.result.order;
    return order ? `${order.order_name} now ${order.status}` : 'received';
  }
  if (outcome.status === 'not_done') return 'stopped before it was sent';
  const e = outcome.error;
  if (e.kind === 'aborted') return 'cancelled in flight: it may or may not have been applied; check with `returns-console show`';
  // As every error line: the words first, the code in brackets, then the request id.
  const requestId = e.requestId ? ` (request id ${e.requestId})` : '';
  return `${leadWords(e.message)} [${e.code}]${requestId}`;
}

/** Result rows: id, result, detail (sanitized). */
function rows(outcomes: readonly ReceiveOutcome[]): DisplayText[][] {
  return outcomes.map((o) => [String(o.orderId), outcomeWord(o), detail(o)].map((c) => sanitizeForTerminal(c)));
}

/** The per-order results for people (terminal) or pipes (TSV, no header). */
export function renderResults(outcomes: readonly ReceiveOutcome[], options: { readonly isTTY: boolean; readonly width: number; readonly style: Style }): string {
  const body = rows(outcomes);
  if (!options.isTTY) return renderTsv(body).map((l) => `${l}\n`).join('');
  const paint = (word: string) => (word.startsWith('ok') ? options.style.green : word === 'not sent' ? options.style.yellow : options.style.red);
  const lines = renderTable({
    // DETAIL is last and never cut: a long error message wraps rather than losing its end.
    columns: [{ header: 'ID', align: 'right' }, { header: 'RESULT' }, { header: 'DETAIL' }],
    rows: body,
    maxWidth: options.width,
    paintHeader: (t) => options.style.bold(t),
    paintCell: (t, column, row) => (column === 1 ? paint(body[row]![1]!)(t) : t),
  });
  return `${lines.join('\n')}\n`;
}

/** "Received 3 of 5: 1 failed, 1 not sent." */
export function renderSummary(outcomes: readonly ReceiveOutcome[]): string {
  const count = (s: ReceiveOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const failed = count('failed');
  const skipped = count('not_done');
  const rest = [failed ? `${failed} failed` : '', skipped ? `${skipped} not sent` : ''].filter(Boolean).join(', ');
  return `Received ${count('ok')} of ${outcomes.length}${rest ? `: ${rest}` : ''}.\n`;
}

/** The JSON array of results; orders and errors as objects. */
export function renderResultsJson(outcomes: readonly ReceiveOutcome[]): string {
  const items = outcomes.map((o) => {
    if (o.status === 'ok') {
      return { id: o.orderId, outcome: 'ok', already_applied: o.isAlreadyApplied, request_id: o.result.requestId ?? null, order: o.result.order };
    }
    if (o.status === 'not_done') return { id: o.orderId, outcome: 'skipped' };
    const e = toErrorShape(o.error);
    return {
      id: o.orderId,
      outcome: o.error.kind === 'aborted' ? 'cancelled' : 'failed',
      error: { type: e.type, code: e.code, message: e.message, param: e.param, status: e.status, request_id: e.requestId },
    };
  });
  return `${stringifySafeJson(items, 2)}\n`;
}

/** The stderr progress line, e.g. "Receiving… 12/50 done, 1 failed, 4 in flight". */
export function progressLine(p: BulkProgress): string {
  const parts = [`${p.done}/${p.total} done`];
  if (p.failed) parts.push(`${p.failed} failed`);
  if (p.running) parts.push(`${p.running} in flight`);
  if (p.isPaused) parts.push('rate limited, waiting');
  if (p.isStopping) parts.push('stopping');
  return `\r\u001b[2KReceiving… ${parts.join(', ')}`;
}

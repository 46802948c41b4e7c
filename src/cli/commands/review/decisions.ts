/**
 * The decisions of a review: read from a file or stdin and checked against the interface's
 * request shape (reviewRequestSchema) and rules (a reject needs a reason) before sending.
 * (--approve-all builds them in src/ops/approve-all.ts.) Pure.
 */
import { errorHint } from '../../../api/error-codes.js';
import { reviewRequestSchema, type ReviewItem } from '../../../api/schemas.js';
import { CliError } from '../../cli-error.js';
import { formatPath } from '../../zod-format.js';

/** The interface's code for a problem at a path of the request, where it has one. */
function codeFor(path: readonly PropertyKey[]): { code: string; param: string } {
  const field = path[2];
  if (path.length <= 1) return { code: 'missing_items_array', param: 'items' };
  if (field === 'action') return { code: 'invalid_action', param: 'items[].action' };
  if (field === 'type') return { code: 'invalid_item_type', param: 'items[].type' };
  if (field === 'reject_reason') return { code: 'missing_reject_reason', param: 'items[].reject_reason' };
  return { code: 'invalid_decisions', param: formatPath(path) };
}

function invalid(code: string, param: string, message: string): CliError {
  return new CliError({ code, param, type: 'validation_error', message, hint: errorHint(code) ?? 'Decisions are {"items":[{"id":70001,"type":"refund","action":"approve"}, …]}.' });
}

/** Parses the text of a decisions file; `origin` names it in messages ("decisions.json", "stdin"). */
export function parseDecisions(text: string, origin: string): ReviewItem[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid('invalid_decisions', 'decisions', `${origin} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = reviewRequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const { code, param } = codeFor(issue.path);
    const at = formatPath(issue.path) || 'the document';
    const message = issue.path.length === 0 || (issue.path.length === 1 && issue.path[0] === 'items')
      ? `${origin}: must be an object with an "items" array, e.g. {"items":[{"id":70001,"type":"refund","action":"approve"}]}`
      : `${origin}: ${at}: ${issue.message}`;
    throw invalid(code, param, message);
  }
  parsed.data.items.forEach((item, i) => {
    if (item.action === 'reject' && (item.reject_reason ?? '').trim() === '') {
      throw invalid('missing_reject_reason', 'items[].reject_reason', `${origin}: items[${i}] (item ${item.id}) rejects without a reject_reason`);
    }
  });
  return parsed.data.items;
}

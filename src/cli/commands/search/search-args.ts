/** `search` flags to a checked request (pure); a bad value is a usage error (exit 2) and nothing is sent. */
import { booleanFlag, stringFlag } from '../../command-runner.js';
import { usage, type CommandSpec, type ParsedArgs } from '../../flags.js';
import { parseOutputFlags, type OutputRequest } from '../list/list-args.js';

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 500;

export interface SearchRequest extends OutputRequest {
  /** The words, as typed (several arguments are one text). */
  readonly text: string;
  readonly limit: number;
  readonly isNoRefresh: boolean;
  readonly isForget: boolean;
}

/** Checks the arguments of `search`. */
export function parseSearchRequest(spec: CommandSpec, args: ParsedArgs, isStdoutTTY: boolean): SearchRequest {
  const output = parseOutputFlags(spec, args, isStdoutTTY);
  const text = args.positionals.join(' ').trim();
  const isForget = booleanFlag(args, 'forget');
  if (isForget && text !== '') throw usage(spec, '--forget takes no search text: it deletes the index', 'forget');
  if (!isForget && !/[\p{L}\p{N}]/u.test(text)) {
    throw usage(spec, 'give what to search for: words of a name, an e-mail, an order name, a product or a SKU', 'TEXT');
  }
  const raw = stringFlag(args, 'limit');
  let limit = DEFAULT_SEARCH_LIMIT;
  if (raw !== undefined) {
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_SEARCH_LIMIT) {
      throw usage(spec, `--limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT} (got ${JSON.stringify(raw)})`, 'limit');
    }
    limit = Number(raw);
  }
  return { ...output, text, limit, isNoRefresh: booleanFlag(args, 'no-refresh'), isForget };
}

/**
 * Orders as people name them on the command line: an id (`1001`) or the order name printed
 * on the parcel (`#AO1711`, or `AO1711`, since a shell drops a word starting with `#`
 * unless it is quoted). Names are looked up with the interface's `order_names` filter, so
 * only what the interface shows is relied on; an order name may belong to several return
 * orders (one per return of the same order), which is refused with the candidates listed.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { looksLikeKey } from '../api/client/redact.js';
import { errorHint } from '../api/error-codes.js';
import { parseIds } from '../api/list-params.js';
import type { ReturnOrder } from '../api/schemas.js';
import { CliError } from './cli-error.js';
import { paramErrorToCli } from './errors-output.js';
import { EXIT } from './exit-codes.js';

/** One order as given: an id, or a name to look up. */
export type OrderRef =
  | { readonly kind: 'id'; readonly id: number }
  | { readonly kind: 'name'; readonly name: string };

/** How names are found, for the help of every command that takes them. */
export const ORDER_NAMES_NOTE = [
  'An argument of digits only is an id; anything else is an order name, matched exactly with the',
  'order_names filter, also with # in front (AO1711 finds #AO1711: a shell drops an unquoted #…).',
  'A name that matches no visible order exits 1 (return_order_not_found); a name several orders',
  'carry (one per return of the same order) exits 2 and lists them: give the id instead.',
].join('\n');

/** How many names one list request asks for (keeps the query string short). */
const NAMES_PER_REQUEST = 50;

/**
 * The orders an argument names: comma-separated ids and names. An element of digits only is
 * an id (checked with the interface's id rule); anything else is an order name. Throws a
 * usage error (exit 2) for an empty element.
 */
export function parseOrderRefs(raw: string, argName = 'ID'): OrderRef[] {
  return raw.split(',').map((part): OrderRef => {
    if (part.trim() === '') {
      throw new CliError({
        code: 'usage_error',
        param: argName,
        message: `${argName} ${JSON.stringify(raw)} has an empty element; give ids or order names separated by commas`,
      });
    }
    if (looksLikeKey(part)) {
      // A key pasted in the wrong place must not travel to the service as an order name.
      throw new CliError({
        code: 'usage_error',
        param: argName,
        message: `${argName} looks like an API key, not an order id or name; nothing was sent`,
        hint: 'Keys are never given as arguments: put the key in RETURNS_API_KEY or your profile, and consider rotating this one.',
      });
    }
    if (/^\d+$/.test(part)) {
      const parsed = parseIds(part);
      if (!parsed.ok) throw paramErrorToCli(parsed.error, argName);
      return { kind: 'id', id: parsed.value[0]! };
    }
    return { kind: 'name', name: part };
  });
}

/** The names an order name given as `name` may be written as: itself, and with `#` in front. */
export function nameVariants(name: string): string[] {
  return name.startsWith('#') ? [name] : [name, `#${name}`];
}

/** The error for a name no visible order carries (exit 1, like an id that is not found). */
export function orderNameNotFound(name: string): CliError {
  const tried = nameVariants(name).map((n) => JSON.stringify(n)).join(' or ');
  return new CliError({
    code: 'return_order_not_found',
    type: 'resource_error',
    param: 'order_names',
    message: `no return order named ${tried} was found (none of this shop's visible orders has that name)`,
    hint: errorHint('return_order_not_found'),
    exitCode: EXIT.failure,
  });
}

/** The error for a name several visible orders carry (exit 2: say which one). */
export function ambiguousOrderName(name: string, orders: readonly ReturnOrder[]): CliError {
  const list = orders.map((o) => `${o.id} (${o.order_name}, ${o.status})`).join(', ');
  return new CliError({
    code: 'ambiguous_order_name',
    param: 'order_names',
    message: `the name ${JSON.stringify(name)} matches ${orders.length} return orders: ${list}`,
    hint: 'Give the id of the one you mean instead of the name.',
  });
}

/**
 * The ids of `refs`, in order, repeats kept as given. Names are looked up (every one before
 * anything is sent); a name matching no visible order, or several, throws.
 */
export async function resolveOrderRefs(client: ReturnsClient, refs: readonly OrderRef[], signal?: AbortSignal): Promise<number[]> {
  const names = [...new Set(refs.flatMap((r) => (r.kind === 'name' ? nameVariants(r.name) : [])))];
  const byName = new Map<string, ReturnOrder[]>();
  for (let i = 0; i < names.length; i += NAMES_PER_REQUEST) {
    const orderNames = names.slice(i, i + NAMES_PER_REQUEST);
    for await (const order of client.listAll({ filters: { orderNames }, limit: 100, ...(signal && { signal }) })) {
      byName.set(order.order_name, [...(byName.get(order.order_name) ?? []), order]);
    }
  }
  return refs.map((ref) => {
    if (ref.kind === 'id') return ref.id;
    const matches = nameVariants(ref.name).flatMap((n) => byName.get(n) ?? []);
    if (matches.length === 0) throw orderNameNotFound(ref.name);
    if (matches.length > 1) throw ambiguousOrderName(ref.name, matches);
    return matches[0]!.id;
  });
}

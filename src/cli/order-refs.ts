/**
 * Orders as people name them on the command line, in the commands' words: the rule itself
 * (an id, or an order name with or without `#`, looked up with `order_names`) is
 * src/ops/order-refs.ts; here are the usage errors and exit codes around it.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { errorHint } from '../api/error-codes.js';
import type { ReturnOrder } from '../api/schemas.js';
import { nameVariants, readOrderRef, resolveOrderRefs as resolveRefs, type OrderRef } from '../ops/order-refs.js';
import { CliError } from './cli-error.js';
import { paramErrorToCli } from './errors-output.js';
import { EXIT } from './exit-codes.js';

export type { OrderRef };

/** How names are found, for the help of every command that takes them. */
export const ORDER_NAMES_NOTE = [
  'An argument of digits only is an id; anything else is an order name, matched exactly with the',
  'order_names filter, also with # in front (AO1711 finds #AO1711: a shell drops an unquoted #…).',
  'A name that matches no visible order exits 1 (return_order_not_found); a name several orders',
  'carry (one per return of the same order) exits 2 and lists them: give the id instead.',
].join('\n');

/**
 * The orders an argument names: comma-separated ids and names (src/ops/order-refs.ts reads
 * each). Throws a usage error (exit 2) for an empty element, a key or a bad id.
 */
export function parseOrderRefs(raw: string, argName = 'ID'): OrderRef[] {
  return raw.split(',').map((part): OrderRef => {
    const read = readOrderRef(part);
    if (read.ok) return read.ref;
    if (read.reason === 'id') throw paramErrorToCli(read.error!, argName);
    if (read.reason === 'key') {
      throw new CliError({
        code: 'usage_error',
        param: argName,
        message: `${argName} looks like an API key, not an order id or name; nothing was sent`,
        hint: 'Keys are never given as arguments: put the key in RETURNS_API_KEY or your profile, and consider rotating this one.',
      });
    }
    throw new CliError({
      code: 'usage_error',
      param: argName,
      message: `${argName} ${JSON.stringify(raw)} has an empty element; give ids or order names separated by commas`,
    });
  });
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
  return (await resolveRefs(client, refs, signal)).map((resolved) => {
    if (resolved.kind === 'not-found') throw orderNameNotFound(resolved.name);
    if (resolved.kind === 'ambiguous') throw ambiguousOrderName(resolved.name, resolved.orders);
    return resolved.id;
  });
}

/**
 * Orders as people name them: the id, or the order name printed on the parcel, with or without
 * its `#` (a shell drops an unquoted `#…`, a scanner's label may not print it). Looked up through
 * the interface's `ids` and `order_names` filters only, never among loaded rows. The commands,
 * quick find, scan mode and the list's name filters all read names here.
 */
import type { CallOptions, ReturnsClient } from '../api/client-types.js';
import { looksLikeKey } from '../api/client/redact.js';
import { parseIds, type ParamError } from '../api/list-params.js';
import type { ReturnOrder } from '../api/schemas.js';
import { MAX_PAGE_SIZE } from '../api/schemas.js';

/** The names an order name given as `name` may be written as: itself, and with `#` in front. */
export function nameVariants(name: string): string[] {
  return name.startsWith('#') ? [name] : [name, `#${name}`];
}

/** Each name with its variants, each once, in the order given. */
export function withNameVariants(names: readonly string[]): string[] {
  return [...new Set(names.flatMap(nameVariants))];
}

/** `names` as a person wrote them: a `#name` that is only the variant of `name` beside it is left out. */
export function typedNames(names: readonly string[]): string[] {
  const given = new Set(names);
  return names.filter((n) => !(n.startsWith('#') && given.has(n.slice(1))));
}

/** What a typed or scanned text asks the service for. */
export interface FindLookup {
  readonly ids: readonly number[];
  readonly orderNames: readonly string[];
}

export type ParsedFind = { readonly ok: true; readonly lookup: FindLookup } | { readonly ok: false; readonly message: string };

/**
 * Quick find and scans: one order name or id. Digits are tried as an id and as an order name
 * (a label may carry either); a name as typed and with a leading "#".
 */
export function parseFind(text: string): ParsedFind {
  const q = text.trim();
  if (q === '') return { ok: false, message: 'Type an order name (e.g. #N1001) or an order id, then Enter.' };
  if (q.includes(',')) return { ok: false, message: 'Quick find takes one order name or id (no commas).' };
  // Digits are tried as an id only when they are one by the interface's rule.
  const id = /^\d+$/.test(q) ? parseIds(q) : null;
  const ids = id?.ok ? id.value : [];
  return { ok: true, lookup: { ids, orderNames: nameVariants(q) } };
}

/** The orders matching a lookup, newest first, each once (`call`: a signal, fewer retries). */
export async function findOrders(client: ReturnsClient, lookup: FindLookup, call: CallOptions = {}): Promise<ReturnOrder[]> {
  const requests = [
    client.listPage({ ...call, filters: { orderNames: lookup.orderNames }, limit: MAX_PAGE_SIZE }),
    ...(lookup.ids.length ? [client.listPage({ ...call, filters: { ids: lookup.ids }, limit: MAX_PAGE_SIZE })] : []),
  ];
  const pages = await Promise.all(requests);
  const byId = new Map<number, ReturnOrder>();
  for (const page of pages) for (const order of page.data) byId.set(order.id, order);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** One order as a command's argument gives it: an id, or a name to look up. */
export type OrderRef = { readonly kind: 'id'; readonly id: number } | { readonly kind: 'name'; readonly name: string };

export type OrderRefReading =
  | { readonly ok: true; readonly ref: OrderRef }
  /** `empty`: nothing between commas; `key`: an API key pasted in the wrong place; `id`: digits that are no id. */
  | { readonly ok: false; readonly reason: 'empty' | 'key' | 'id'; readonly error?: ParamError };

/**
 * One element of a command's argument: digits only are an id (checked with the interface's id
 * rule, so a script's `show 1005` never means a name); anything else is an order name. A text
 * that looks like an API key is refused, so it never travels to the service.
 */
export function readOrderRef(text: string): OrderRefReading {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  if (looksLikeKey(text)) return { ok: false, reason: 'key' };
  if (!/^\d+$/.test(text)) return { ok: true, ref: { kind: 'name', name: text } };
  const parsed = parseIds(text);
  return parsed.ok ? { ok: true, ref: { kind: 'id', id: parsed.value[0]! } } : { ok: false, reason: 'id', error: parsed.error };
}

export type ResolvedRef =
  | { readonly kind: 'id'; readonly id: number }
  | { readonly kind: 'not-found'; readonly name: string }
  /** Several visible orders carry the name (one per return of the same order). */
  | { readonly kind: 'ambiguous'; readonly name: string; readonly orders: readonly ReturnOrder[] };

/** How many names one list request asks for (keeps the query string short). */
const NAMES_PER_REQUEST = 50;

/** `refs` resolved in order, names looked up (every one before anything is sent), repeats kept. */
export async function resolveOrderRefs(client: ReturnsClient, refs: readonly OrderRef[], signal?: AbortSignal): Promise<ResolvedRef[]> {
  const names = withNameVariants(refs.flatMap((r) => (r.kind === 'name' ? [r.name] : [])));
  const byName = new Map<string, ReturnOrder[]>();
  for (let i = 0; i < names.length; i += NAMES_PER_REQUEST) {
    const orderNames = names.slice(i, i + NAMES_PER_REQUEST);
    for await (const order of client.listAll({ filters: { orderNames }, limit: MAX_PAGE_SIZE, ...(signal && { signal }) })) {
      byName.set(order.order_name, [...(byName.get(order.order_name) ?? []), order]);
    }
  }
  return refs.map((ref): ResolvedRef => {
    if (ref.kind === 'id') return ref;
    const matches = nameVariants(ref.name).flatMap((n) => byName.get(n) ?? []);
    if (matches.length === 1) return { kind: 'id', id: matches[0]!.id };
    return matches.length === 0 ? { kind: 'not-found', name: ref.name } : { kind: 'ambiguous', name: ref.name, orders: matches };
  });
}

/**
 * A search of the index: the tiers of index-query.ts run in turn, each newest first, until
 * `limit` orders are found. An order found by a better tier keeps its place; within a tier,
 * newer orders come first (ids grow with time).
 */
import type { StatementSync } from 'node:sqlite';
import { planSearch, type ExactLookup } from './index-query.js';
import { recordOfRow, type IndexRecord } from './index-record.js';

/** Matches counted at most (a count of a common word would cost a walk of its list). */
export const COUNT_CAP = 1000;

export interface SearchStatements {
  readonly fts: StatementSync;
  readonly count: StatementSync;
  readonly records: StatementSync;
  readonly exactId: StatementSync;
}

/** A match: the order's record and the tier that found it (0: an exact id, name, e-mail or SKU). */
export interface IndexHit {
  readonly record: IndexRecord;
  readonly tier: number;
}

export interface SearchResult {
  readonly hits: readonly IndexHit[];
  /** How many orders match (at most COUNT_CAP; see `isCountCapped`). */
  readonly total: number;
  readonly isCountCapped: boolean;
}

const EMPTY: SearchResult = { hits: [], total: 0, isCountCapped: false };

const idsOf = (rows: unknown[]) => (rows as { id: number }[]).map((r) => r.id);

/**
 * Ids of orders one of whose values is exactly `lookup`'s text: the id, an order name (with
 * or without #), the original order's id, the e-mail address, a SKU (case ignored). The
 * candidates are found by their words in one query, then compared whole.
 */
function exactIds(s: SearchStatements, lookup: ExactLookup, limit: number): number[] {
  const ids = lookup.id === null ? [] : idsOf(s.exactId.all(lookup.id));
  const text = lookup.text.toLowerCase();
  const names = new Set(lookup.orderNames.map((n) => n.toLowerCase()));
  const isExact = (r: IndexRecord) =>
    names.has(r.orderName.toLowerCase()) ||
    r.orderRef.toLowerCase() === text ||
    (lookup.isEmail && r.email.toLowerCase() === text) ||
    r.skus.some((k) => k.toLowerCase() === text);
  for (const r of recordsOf(s, idsOf(s.fts.all(`{who refs skus} : ${lookup.phrase}`, limit))).values()) if (isExact(r)) ids.push(r.id);
  return [...new Set(ids)].sort((a, b) => b - a);
}

/** The records of `ids`, by id. */
function recordsOf(s: SearchStatements, ids: readonly number[]): Map<number, IndexRecord> {
  const records = new Map<number, IndexRecord>();
  if (ids.length === 0) return records;
  for (const row of s.records.all(JSON.stringify(ids))) {
    const record = recordOfRow(row);
    records.set(record.id, record);
  }
  return records;
}

/** The hits of the ids found, best tier first, newest first within a tier. */
function hitsOf(s: SearchStatements, tierOf: ReadonlyMap<number, number>): IndexHit[] {
  const records = recordsOf(s, [...tierOf.keys()]);
  return [...tierOf]
    .map(([id, tier]) => ({ record: records.get(id), tier }))
    .filter((h): h is IndexHit => h.record !== undefined)
    .sort((a, b) => a.tier - b.tier || b.record.id - a.record.id);
}

/** Runs the search of `text`; at most `limit` hits. */
export function runSearch(s: SearchStatements, text: string, limit: number): SearchResult {
  const plan = planSearch(text);
  if (!plan || limit < 1) return EMPTY;
  const tierOf = new Map<number, number>();
  const add = (ids: readonly number[], tier: number) => {
    for (const id of ids) if (!tierOf.has(id) && tierOf.size < limit) tierOf.set(id, tier);
  };
  const exact = plan.exact ? exactIds(s, plan.exact, limit) : [];
  add(exact, 0);
  // An e-mail address found whole is one customer: the wider tiers would only add noise (and time).
  if (plan.exact?.isEmail && exact.length > 0) return { hits: hitsOf(s, tierOf), total: tierOf.size, isCountCapped: false };
  plan.tiers.forEach((query, i) => {
    if (tierOf.size < limit) add(idsOf(s.fts.all(query, limit + tierOf.size)), i + 1);
  });
  const hits = hitsOf(s, tierOf);
  // Fewer than `limit` found: the widest tier ran whole, so they are every match.
  if (tierOf.size < limit) return { hits, total: hits.length, isCountCapped: false };
  const counted = (s.count.get(plan.widest, COUNT_CAP + 1) as { n: number }).n;
  return { hits, total: Math.min(Math.max(counted, hits.length), COUNT_CAP), isCountCapped: counted > COUNT_CAP };
}

/** Every statement of the list and order paths uses an index: no full scan of orders or items. */
import { describe, expect, it } from 'vitest';
import { OrderLister } from '../../../src/sandbox/db/list-orders.js';
import { openDatabase } from '../../../src/sandbox/db/open.js';
import { OrderStore } from '../../../src/sandbox/db/orders.js';
import { KeyLookup } from '../../../src/sandbox/db/keys.js';
import { generateDemoData } from '../../../src/sandbox/demo/generate.js';

const db = openDatabase(':memory:');
generateDemoData(db, { orders: 3000, seed: 'plans', endAt: Date.UTC(2026, 10, 1) });
const NAMED = { shop: 1, lo: 0, hi: 1e9, minS: 0, maxS: 1e12, n: 101, status: 'pending', ids: '[1001]', statuses: '["pending"]', names: '["#AO1001"]' };

function plan(sql: string): string[] {
  const stmt = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  // NAMED holds the parameters of every statement; each uses some of them.
  stmt.setAllowUnknownNamedParameters(true);
  const rows = sql.includes('@') ? stmt.all(NAMED) : stmt.all(...Array<number>((sql.match(/\?/g) ?? []).length).fill(1));
  return (rows as unknown as { detail: string }[]).map((r) => r.detail);
}

const sources: Record<string, string> = {
  ...new OrderLister(db).statementSources(),
  ...new OrderStore(db).statementSources(),
  keyByHash: (new KeyLookup(db) as unknown as { byHash: { sourceSQL: string } }).byHash.sourceSQL,
};

describe('query plans', () => {
  for (const [name, sql] of Object.entries(sources)) {
    it(`${name} searches an index`, () => {
      const lines = plan(sql);
      expect(lines.join('\n')).toMatch(/SEARCH \w+ USING/);
      // The only scans allowed are of the small json_each lists of a request and of a
      // subquery's own rows (the page's 100 documents).
      for (const line of lines) expect(line, `${name}: ${lines.join(' | ')}`).not.toMatch(/^SCAN (?!json_each|\(subquery)/);
    });
  }

  it('the status and visible paths need no sort and read only the covering index (several statuses merged in id order)', () => {
    for (const name of ['visible', 'byStatus', 'byTwoStatuses', 'byMostStatuses'] as const) {
      const lines = plan(sources[name]!);
      expect(lines.join(' | ')).toContain('COVERING INDEX');
      expect(lines.join(' | ')).not.toContain('TEMP B-TREE');
    }
  });
});

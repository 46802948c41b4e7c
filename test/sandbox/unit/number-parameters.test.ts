/** Named SQL parameters numbered for binding by position (the list engine's id queries). */
import { describe, expect, it } from 'vitest';
import { numberParameters } from '../../../src/sandbox/db/sqlite.js';
import { openDatabase } from '../../../src/sandbox/db/open.js';

describe('numberParameters', () => {
  it('numbers names by first appearance and keeps a repeated name on its number', () => {
    expect(numberParameters('SELECT @b, @a, @b WHERE x IN (SELECT value FROM json_each(@ids))')).toEqual({
      sql: 'SELECT ?1, ?2, ?1 WHERE x IN (SELECT value FROM json_each(?3))',
      names: ['b', 'a', 'ids'],
    });
    expect(numberParameters('SELECT 1')).toEqual({ sql: 'SELECT 1', names: [] });
  });

  it('gives the same rows by position as the named statement by name', () => {
    const db = openDatabase(':memory:');
    const sql = 'SELECT @x AS a, @y AS b, @x + @y AS c, @names IS NULL AS d';
    const numbered = numberParameters(sql);
    const params: Record<string, number | null> = { x: 2, y: 40, names: null };
    const byName = db.prepare(sql).get(params);
    const byPosition = db.prepare(numbered.sql).get(...numbered.names.map((n) => params[n]!));
    expect(byPosition).toEqual(byName);
    expect(byPosition).toEqual({ a: 2, b: 40, c: 42, d: 1 });
  });
});

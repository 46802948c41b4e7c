/**
 * The search index's store: its ranking (exact values first, then the customer and order
 * fields, then products; newest first within each), words matched as the index splits them
 * (case and accents ignored, each typed word the start of a stored one), checked against a
 * plain matcher over random orders; and its file: 0600, no link followed.
 */
import { lstatSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchIndexStore, type IndexRecord } from '../../src/local/search-index/index.js';

const SETTLED = { settledStatuses: new Set(['completed']) };
const stores: SearchIndexStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

async function storeWith(records: readonly IndexRecord[]): Promise<SearchIndexStore> {
  const store = await SearchIndexStore.open(join(mkdtempSync(join(tmpdir(), 'rc-index-store-')), 'search', 'north.sqlite'), SETTLED);
  stores.push(store);
  store.upsert(records, 1, 1);
  return store;
}

const record = (id: number, fields: Partial<IndexRecord> = {}): IndexRecord => ({
  id,
  status: 'pending',
  submittedAt: '2026-11-01T00:00:00Z',
  orderName: `#N${id}`,
  orderRef: String(5_550_000 + id),
  firstName: 'Ana',
  lastName: 'Lima',
  email: `ana${id}@example.com`,
  products: ['Boots'],
  skus: ['B-42'],
  ...fields,
});

const ids = (store: SearchIndexStore, text: string) => store.find(text, 50).hits.map((h) => h.record.id);

describe('ranking', () => {
  it('puts exact values first, then customer and order fields, then products, newest first within each', async () => {
    const store = await storeWith([
      record(1, { firstName: 'Romero', lastName: 'Diaz' }),
      record(2, { products: ['Romero rain jacket'] }),
      record(3, { firstName: 'Olivia', lastName: 'Romero' }),
      record(4, { lastName: 'Romeroson' }),
      record(5, { firstName: 'Olivia', lastName: 'Romero' }),
      record(6, { orderName: '#ROMERO' }),
    ]);
    // #ROMERO is an exact order name; then whole words in customer and order fields (5, 3, 1);
    // then words starting so there (4); then products (2).
    expect(ids(store, 'romero')).toEqual([6, 5, 3, 1, 4, 2]);
    expect(ids(store, 'olivia rom')).toEqual([5, 3]);
    expect(store.find('romero', 50)).toMatchObject({ total: 6, isCountCapped: false });
  });

  it('finds an order by its id, order name with or without #, original order id, e-mail and SKU, exactly first', async () => {
    const store = await storeWith([record(1001), record(1002, { skus: ['RJ-M', 'B-43'] }), record(1003, { skus: ['RJ-MX'] })]);
    expect(ids(store, '1001')).toEqual([1001]);
    expect(ids(store, 'N1002')).toEqual([1002]);
    expect(ids(store, '#n1002')).toEqual([1002]);
    expect(ids(store, '5551003')).toEqual([1003]);
    expect(ids(store, 'ANA1002@EXAMPLE.COM')).toEqual([1002]);
    expect(store.find('rj-m', 50).hits.map((h) => [h.record.id, h.tier])).toEqual([[1002, 0], [1003, 4]]);
  });

  it('ignores case and accents, and needs every word', async () => {
    const store = await storeWith([record(1, { firstName: 'José', lastName: 'Müller' }), record(2, { firstName: 'Jose', lastName: 'Perez' })]);
    expect(ids(store, 'JOSE')).toEqual([2, 1]);
    expect(ids(store, 'josé mull')).toEqual([1]);
    expect(ids(store, 'jose nobody')).toEqual([]);
    expect(ids(store, '  ')).toEqual([]);
  });
});

/** Words as the index splits them: letters and digits, without case or accents. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** Whether every word of `query` starts a word of the record (the widest tier, by hand). */
function matches(r: IndexRecord, query: string): boolean {
  // The name is one value; a typed word never runs from one value into another.
  const values = [`${r.firstName} ${r.lastName}`, r.email, String(r.id), r.orderName, r.orderRef, ...r.products, ...r.skus];
  // Each typed word is a phrase of its parts: its parts in a row, the last one a start.
  return query.split(/\s+/).filter((w) => words(w).length > 0).every((typed) => {
    const parts = words(typed);
    return values.some((value) => {
      const vw = words(value);
      return vw.some((_, i) => parts.every((p, j) => (j === parts.length - 1 ? vw[i + j]?.startsWith(p) : vw[i + j] === p)));
    });
  });
}

describe('matching, against a plain matcher over random orders', () => {
  const NAMES = ['Ana', 'Anabel', 'José', 'Jose', 'Olivia', 'Romero', 'Rom', 'Müller', 'Li', 'Lima'];
  const PRODUCTS = ['Rain jacket (M)', 'Boots 42', 'Wool socks', 'Jacket liner'];
  const arbRecord = (id: number) =>
    fc.record({
      first: fc.constantFrom(...NAMES),
      last: fc.constantFrom(...NAMES),
      product: fc.constantFrom(...PRODUCTS),
    }).map(({ first, last, product }) => record(id, { firstName: first, lastName: last, email: `${words(first)[0]}.${words(last)[0]}@ex.com`, products: [product], skus: [`SK-${id % 7}`] }));
  const arbQuery = fc.array(fc.constantFrom('ana', 'jos', 'josé', 'rom', 'romero', 'li', 'jacket', 'rain jac', 'sk-3', 'olivia.rom', 'mül', 'wool', '10'), { minLength: 1, maxLength: 2 }).map((q) => q.join(' '));

  it('every order found matches, and every matching order is found (fewer than the limit)', async () => {
    const seed = Number(process.env.FC_SEED ?? 29);
    process.stdout.write(`fast-check seed ${seed}\n`);
    await fc.assert(
      fc.asyncProperty(fc.tuple(...Array.from({ length: 30 }, (_, i) => arbRecord(100 + i))), arbQuery, async (records, query) => {
        const store = await storeWith(records);
        const found = store.find(query, 1000).hits.map((h) => h.record.id).sort();
        const expected = records.filter((r) => matches(r, query)).map((r) => r.id).sort();
        store.close();
        expect(found).toEqual(expected);
      }),
      { seed, numRuns: process.env.CI ? 40 : 80 },
    );
  });
});

describe('the file', () => {
  it('is started afresh when it is not a readable index (it is only a cache)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rc-index-file-')), 'search');
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, 'north.sqlite');
    writeFileSync(path, 'not a database: a file someone put here, long enough to hold a header', { mode: 0o600 });
    const store = await SearchIndexStore.open(path, SETTLED);
    stores.push(store);
    store.upsert([record(7)], 1, 1);
    expect(store.find('ana', 10).hits.map((h) => h.record.id)).toEqual([7]);
  });

  it('is created 0600 in a 0700 directory, and a link in its place is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-index-file-'));
    const path = join(dir, 'search', 'north.sqlite');
    stores.push(await SearchIndexStore.open(path, SETTLED));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'search')).mode & 0o777).toBe(0o700);

    const other = join(dir, 'elsewhere.txt');
    writeFileSync(other, 'not an index');
    mkdirSync(join(dir, 'linked'));
    const linked = join(dir, 'linked', 'north.sqlite');
    symlinkSync(other, linked);
    await expect(SearchIndexStore.open(linked, SETTLED)).rejects.toThrow(/symbolic link/);
    expect(lstatSync(linked).isSymbolicLink()).toBe(true);
  });
});

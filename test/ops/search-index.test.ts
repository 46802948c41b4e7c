/**
 * The search index against the real sandbox: the first walk equals the listing; orders
 * reviewed, received, added and made invisible meanwhile are right after the next refresh;
 * another shop's orders never appear; an interrupted walk goes on from where it stopped.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { RequestLanes } from '../../src/api/bulk/index.js';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { searchIndexPath } from '../../src/local/state-paths.js';
import { SearchIndex } from '../../src/ops/search-index/search-index.js';
import { KEYS, makeFixture, type Fixture, type FixtureOrder } from '../helpers/fixture.js';
import { addOrder, openSandboxDb, setStatus } from '../helpers/sandbox-changes.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const fixture: Fixture = makeFixture(250);
let sandbox: TestSandbox;
let dbPath: string;
const clients: ReturnsApiClient[] = [];

function client(key: string = KEYS.north): ReturnsApiClient {
  const made = createClient({ baseUrl: sandbox.url, apiKey: key, maxRetries: 2, backoffBaseMs: 10, lanes: new RequestLanes() });
  clients.push(made);
  return made;
}

async function listed(c: ReturnsApiClient): Promise<Map<number, ReturnOrder>> {
  const out = new Map<number, ReturnOrder>();
  for await (const order of c.listAll({ limit: 100 })) out.set(order.id, order);
  return out;
}

function openIndex(options: { stateDir: string; key?: string; stateName?: string; connection?: string }) {
  return SearchIndex.open({
    client: client(options.key),
    stateDir: options.stateDir,
    stateName: options.stateName ?? 'north',
    connection: options.connection ?? options.key ?? KEYS.north,
    now: Date.now,
  });
}

beforeAll(async () => {
  dbPath = join(mkdtempSync(join(tmpdir(), 'rc-index-sandbox-')), 'sandbox.db');
  sandbox = await startTestSandbox({ fixture, dbPath });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sandbox.close();
});

/** The index's ids and statuses, read through searches of each id (the index's own words). */
function contents(index: SearchIndex, ids: Iterable<number>): Map<number, string> {
  const out = new Map<number, string>();
  for (const id of ids) {
    const hit = index.search(String(id), 5).hits.find((h) => h.record.id === id && h.tier === 0);
    if (hit) out.set(id, hit.record.status);
  }
  return out;
}

const allIds = () => [...new Set(fixture.return_orders.map((o) => o.id))];

describe('the first walk', () => {
  it('indexes exactly the orders the listing shows, with their statuses, and keeps the file private', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-index-'));
    const index = await openIndex({ stateDir });
    await index.refresh();
    const expected = await listed(client());
    expect(expected.size).toBeGreaterThan(200);
    expect(index.status).toMatchObject({ phase: 'ready', count: expected.size, error: null });
    const found = contents(index, [...allIds(), 999_999]);
    expect(found).toEqual(new Map([...expected].map(([id, o]) => [id, o.status])));
    expect(statSync(searchIndexPath(stateDir, 'north')).mode & 0o777).toBe(0o600);
    await index.close();
  });
});

describe('a refresh', () => {
  it('shows orders reviewed, received, added and made invisible since the walk', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-index-'));
    const index = await openIndex({ stateDir });
    await index.refresh();
    const before = await listed(client());
    const pending = [...before.values()].find((o) => o.status === 'pending')!;
    const reviewed = [...before.values()].find((o) => o.status === 'reviewed')!;
    const hidden = [...before.values()].find((o) => o.status === 'completed')!;
    const other = client();
    await other.review(pending.id, [
      ...(pending.refunds ?? []).map((i) => ({ id: i.id, type: 'refund' as const, action: 'approve' as const })),
      ...(pending.exchanges ?? []).map((i) => ({ id: i.id, type: 'exchange' as const, action: 'approve' as const })),
    ]);
    await other.receive(reviewed.id);
    const db = openSandboxDb(dbPath);
    const added: FixtureOrder = { ...fixture.return_orders[0]!, id: 90_001, order_name: '#N90001', order_id: '77001', cust_first_name: 'Olivia', cust_last_name: 'Romero', cust_email: 'olivia@example.com', status: 'pending', refunds: [{ ...fixture.return_orders[0]!.refunds[0]!, id: 990_001, title: 'Rain jacket', sku: 'RJ-M', status: 'pending' }], exchanges: [] };
    addOrder(db, added);
    setStatus(db, hidden.id, 'cancelled');
    db.close();

    await index.refresh();
    const after = await listed(client());
    expect(after.has(added.id) && !after.has(hidden.id)).toBe(true);
    const found = contents(index, [...allIds(), added.id]);
    expect(found).toEqual(new Map([...after].map(([id, o]) => [id, o.status])));
    expect(found.get(pending.id)).toBe('reviewed');
    expect(found.get(reviewed.id)).toBe('received');
    expect(index.search('olivia rom', 10).hits.map((h) => h.record.id)).toEqual([added.id]);
    expect(index.search('rain jacket', 10).hits.map((h) => h.record.id)).toEqual([added.id]);
    await index.close();
  });
});

describe('shops', () => {
  it("never shows another shop's orders: a key of another shop empties the index first", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-index-'));
    const north = await openIndex({ stateDir });
    await north.refresh();
    expect(north.search('First3', 50).hits.length).toBeGreaterThan(0);
    await north.close();

    // The same file (a profile's own state name), a key of the south shop.
    const south = await openIndex({ stateDir, key: KEYS.south });
    expect(south.status.count).toBe(0);
    expect(south.search('First3', 50).hits).toEqual([]);
    await south.refresh();
    const southIds = new Set((await listed(client(KEYS.south))).keys());
    const hits = south.search('First3', 50).hits.map((h) => h.record.id);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((id) => southIds.has(id))).toBe(true);
    await south.close();
  });

  it('keeps the index for a new key of the same shop, which the service shows the same orders', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-index-'));
    const first = await openIndex({ stateDir, connection: 'old-key' });
    await first.refresh();
    const count = first.status.count;
    await first.close();
    const again = await openIndex({ stateDir, connection: 'new-key' });
    expect(again.status).toMatchObject({ phase: 'ready', count });
    await again.close();
  });
});

describe('an interrupted walk', () => {
  it('goes on from its saved cursor, reading no page twice', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-index-'));
    const real = client();
    const cursors: (string | undefined)[] = [];
    const stop = new AbortController();
    const counting: ReturnsApiClient = {
      ...real,
      listPage: (request = {}) => {
        cursors.push(request.cursor);
        // The second page is cut off while it travels.
        if (cursors.length === 2) stop.abort();
        return real.listPage(request);
      },
    };
    const first = await SearchIndex.open({ client: counting, stateDir, stateName: 'north', connection: KEYS.north, now: Date.now });
    await expect(first.refresh({ signal: stop.signal })).rejects.toThrow();
    expect(first.status).toMatchObject({ phase: 'walking', count: 100 });
    await first.close();

    const second = await SearchIndex.open({ client: counting, stateDir, stateName: 'north', connection: KEYS.north, now: Date.now });
    await second.refresh();
    const expected = await listed(client());
    expect(second.status.count).toBe(expected.size);
    // Page 1, page 2 (cut off), then page 2 again with the same cursor and the rest: no restart from the top.
    expect(cursors[0]).toBeUndefined();
    expect(cursors[2]).toBe(cursors[1]);
    expect(cursors.slice(1).every((c) => c !== undefined)).toBe(true);
    expect(cursors.length).toBe(Math.ceil(expected.size / 100) + 1);
    await second.close();
  });
});

describe('a walk whose cursor expired', () => {
  it('walks again from the top and takes out what it no longer saw', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const path = join(mkdtempSync(join(tmpdir(), 'rc-index-sandbox-')), 'sandbox.db');
    const timed = await startTestSandbox({ fixture, dbPath: path, now: () => clock });
    const make = () => {
      const made = createClient({ baseUrl: timed.url, apiKey: KEYS.north, maxRetries: 0 });
      clients.push(made);
      return made;
    };
    try {
      const stateDir = mkdtempSync(join(tmpdir(), 'rc-index-'));
      const real = make();
      let calls = 0;
      const stop = new AbortController();
      const cutting: ReturnsApiClient = {
        ...real,
        listPage: (request = {}) => {
          if (++calls === 2) stop.abort();
          return real.listPage(request);
        },
      };
      const first = await SearchIndex.open({ client: cutting, stateDir, stateName: 'north', connection: KEYS.north, now: () => clock });
      await expect(first.refresh({ signal: stop.signal })).rejects.toThrow();
      const walkedFirst = first.search('First', 100).hits.map((h) => h.record.id);
      await first.close();
      expect(walkedFirst.length).toBeGreaterThan(0);

      // Sixteen minutes later (cursors live 15, D8) one order of the first page is gone.
      clock += 16 * 60_000;
      const db = openSandboxDb(path);
      setStatus(db, walkedFirst[0]!, 'draft');
      db.close();

      const second = await SearchIndex.open({ client: real, stateDir, stateName: 'north', connection: KEYS.north, now: () => clock });
      await second.refresh();
      const expected = new Map<number, string>();
      for await (const order of make().listAll({ limit: 100 })) expected.set(order.id, order.status);
      expect(second.status.count).toBe(expected.size);
      expect(contents(second, allIds())).toEqual(expected);
      expect(expected.has(walkedFirst[0]!)).toBe(false);
      await second.close();
    } finally {
      await timed.close();
    }
  });
});

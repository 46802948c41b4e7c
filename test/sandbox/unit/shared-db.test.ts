/** Two sandboxes on one database file: a write through one is seen by the other at once. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sqlite } from '../../../src/sandbox/db/sqlite.js';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';

const running: RunningSandbox[] = [];
afterAll(async () => {
  for (const sb of running) await sb.close();
});

const auth = { authorization: `Bearer ${KEYS.north}` };
async function statusOf(sb: RunningSandbox, id: number): Promise<string> {
  const res = await fetch(`${sb.url}/return_orders?ids=${id}`, { headers: auth });
  return ((await res.json()) as { data: { status: string }[] }).data[0]!.status;
}

it('list pages never serve a stale order after another connection writes', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'rc-shared-')), 'shared.db');
  const a = await startSandbox({ port: 0, dbPath, fixture: makeFixture(), quiet: true, rateLimit: 0 });
  running.push(a);
  const b = await startSandbox({ port: 0, dbPath, quiet: true, rateLimit: 0 });
  running.push(b);
  expect(b.demoKeys).toEqual([]);
  // Warm both caches, then write through A and read through B (and A).
  expect(await statusOf(a, 1001)).toBe('reviewed');
  expect(await statusOf(b, 1001)).toBe('reviewed');
  const res = await fetch(`${a.url}/return_orders/1001/receive`, { method: 'POST', headers: auth });
  expect(res.status).toBe(200);
  expect(await statusOf(b, 1001)).toBe('received');
  expect(await statusOf(a, 1001)).toBe('received');
  // A second receive through B sees the new state too.
  const again = await fetch(`${b.url}/return_orders/1001/receive`, { method: 'POST', headers: auth });
  expect(again.status).toBe(422);
});

/** The order as the list shows it (a page of pending orders, so the cached page path is used). */
interface Listed {
  id: number;
  status: string;
  refunds: { id: number; status: string }[];
  exchanges: { id: number; status: string }[];
}
async function listed(sb: RunningSandbox, query: string): Promise<Listed[]> {
  const res = await fetch(`${sb.url}/return_orders?${query}`, { headers: auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Listed[] }).data;
}

it('a review through another sandbox on the same file shows on the next list request, repeated pages included', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'rc-shared-')), 'shared.db');
  const a = await startSandbox({ port: 0, dbPath, fixture: makeFixture(), quiet: true, rateLimit: 0 });
  running.push(a);
  const b = await startSandbox({ port: 0, dbPath, quiet: true, rateLimit: 0 });
  running.push(b);
  // Order 1000 is pending; read its page twice through B so B serves it from memory.
  const query = 'statuses=pending,reviewed&limit=100';
  for (let i = 0; i < 2; i++) expect((await listed(b, query)).find((o) => o.id === 1000)?.status).toBe('pending');
  const [order] = await listed(a, 'ids=1000');
  const items = [
    ...order!.refunds.map((i) => ({ id: i.id, type: 'refund', action: 'approve' })),
    ...order!.exchanges.map((i) => ({ id: i.id, type: 'exchange', action: 'approve' })),
  ];
  const review = await fetch(`${a.url}/return_orders/1000/review`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  expect(await review.text()).toMatch(/"status":"reviewed"/);
  const seen = (await listed(b, query)).find((o) => o.id === 1000)!;
  expect(seen.status).toBe('reviewed');
  expect([...seen.refunds, ...seen.exchanges].every((i) => i.status === 'approved')).toBe(true);
  // And A, which wrote it, serves the new state from its own pages too.
  expect((await listed(a, query)).find((o) => o.id === 1000)!.status).toBe('reviewed');
});

it('a write by another process (a plain SQLite connection) shows on the next request', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'rc-shared-')), 'shared.db');
  const a = await startSandbox({ port: 0, dbPath, fixture: makeFixture(), quiet: true, rateLimit: 0 });
  running.push(a);
  for (let i = 0; i < 2; i++) expect((await listed(a, 'ids=1001'))[0]!.status).toBe('reviewed');
  const other = new (sqlite().DatabaseSync)(dbPath);
  try {
    other.exec('PRAGMA busy_timeout = 5000');
    other.prepare(`UPDATE return_orders SET status = 'received' WHERE id = 1001`).run();
  } finally {
    other.close();
  }
  expect((await listed(a, 'ids=1001'))[0]!.status).toBe('received');
  expect((await listed(a, 'limit=100')).find((o) => o.id === 1001)!.status).toBe('received');
});

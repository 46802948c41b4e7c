/** Two sandboxes on one database file: a write through one is seen by the other at once. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
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

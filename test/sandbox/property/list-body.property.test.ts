/**
 * The bytes of a list response: for any query, the body is exactly JSON.stringify of the
 * page envelope (section 2) around the orders as GET /return_orders/{id} serves them, in
 * the page's order. Requests are fired many at a time, so a response body assembled in a
 * reused buffer that is overwritten before it is sent would show up as a wrong byte.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_ORDER_STATUSES } from '../../../src/api/schemas.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ fixture: makeFixture(140) });
});
afterAll(async () => {
  await sb?.close();
});

const auth = { authorization: `Bearer ${KEYS.north}` };

async function get(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${sb.url}${path}`, { headers: auth });
  return { status: res.status, text: await res.text() };
}

/** The order as its own route serves it (the stored JSON), parsed. */
const single = new Map<number, unknown>();
async function order(id: number): Promise<unknown> {
  if (!single.has(id)) {
    const { status, text } = await get(`/return_orders/${id}`);
    expect(status).toBe(200);
    single.set(id, JSON.parse(text));
  }
  return single.get(id);
}

const queryArb = fc.record(
  {
    limit: fc.integer({ min: 1, max: 100 }).map(String),
    statuses: fc.subarray([...RETURN_ORDER_STATUSES], { minLength: 1 }).map((s) => s.join(',')),
    submitted_at_min: fc.integer({ min: 0, max: 140 }).map((h) => new Date(Date.UTC(2026, 10, 1) + h * 3_600_000).toISOString()),
  },
  { requiredKeys: [] },
);

describe('list response bytes', () => {
  it('equal JSON.stringify of the envelope, page after page, under concurrent requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(queryArb, { minLength: 8, maxLength: 16 }), async (queries) => {
        // First pages of every query at once, then each one's next page.
        const firsts = await Promise.all(queries.map((q) => get(`/return_orders?${new URLSearchParams(q)}`)));
        const seconds = await Promise.all(
          firsts.map((r, i) => {
            const cursor = (JSON.parse(r.text) as { next_cursor: string | null }).next_cursor;
            return cursor ? get(`/return_orders?${new URLSearchParams({ ...queries[i], cursor })}`) : null;
          }),
        );
        for (const res of [...firsts, ...seconds]) {
          if (!res) continue;
          expect(res.status).toBe(200);
          const page = JSON.parse(res.text) as { data: { id: number }[]; has_more: boolean; next_cursor: string | null };
          const data = await Promise.all(page.data.map((o) => order(o.id)));
          expect(res.text).toBe(JSON.stringify({ data, has_more: page.has_more, next_cursor: page.next_cursor }));
        }
      }),
      { numRuns: 25 },
    );
  });
});

/**
 * Over real HTTP: any query string — arbitrary keys and values, unicode,
 * %-encoding good and bad, repeated parameters — gives 200 with a page envelope or a 4xx
 * error envelope, never a 5xx; the same for arbitrary review bodies and auth headers.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { ERROR_TYPE_STATUS, errorBodySchema, pageSchema } from '../../../src/api/schemas.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.close();
});

const PARAMS = ['limit', 'cursor', 'submitted_at_min', 'submitted_at_max', 'statuses', 'ids', 'order_names'];
const INTERESTING = ['', ',', ',,', '0', '1', '50', '100', '101', '-1', '1.5', '9007199254740991', '9007199254740992',
  'pending', 'pending,reviewed', 'draft', 'Pending', '#N1000', '#N1000,#N1001', '2026-11-01T00:00:00Z',
  '2026-11-01T07:00:00+02:00', '2026-02-30T00:00:00Z', '1000,1001', '5000', 'null', 'undefined', '[]', '{}',
  '%', '%%', '%2', '%zz', '%00', '%E0%A4', '%C0%AF', '%FF', '%u0041', '\u0000', '😀', 'ü', '\u202e', ' ', '+', '&', '=', '#'];

const text = fc.oneof(
  fc.constantFrom(...INTERESTING),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PARAMS) }, { weight: 1, arbitrary: text });
/** How a key or value goes on the wire: properly encoded, raw, or with stray %. */
const encoder = fc.constantFrom(
  (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?')),
  (s: string) => s.replace(/[#\s]/g, '+'),
  (s: string) => `${encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))}%`,
);
const pair = fc.tuple(key, text, encoder, fc.boolean()).map(([k, v, enc, bare]) => (bare ? enc(k) : `${enc(k)}=${enc(v)}`));
const queryString = fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'));

interface Outcome { status: number; body: unknown; requestId: string | null }

async function get(path: string, headers: Record<string, string> = { authorization: `Bearer ${KEYS.north}` }): Promise<Outcome> {
  const res = await fetch(`${sb.url}${path}`, { headers });
  const raw = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = raw;
  }
  return { status: res.status, body, requestId: res.headers.get('x-request-id') };
}

/** 200 → page envelope of north orders only; otherwise a 4xx error envelope with matching type. */
function checkListOutcome(o: Outcome, label: string): void {
  expect(o.requestId, label).toBeTruthy();
  if (o.status === 200) {
    const page = pageSchema.parse(o.body);
    expect(page.data.every((r) => r.id >= 1000 && r.id < 2000), label).toBe(true);
    return;
  }
  expect(o.status, `${label} → ${o.status} ${JSON.stringify(o.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(o.status, label).toBeLessThan(500);
  const err = errorBodySchema.parse(o.body).error;
  expect(ERROR_TYPE_STATUS[err.type as keyof typeof ERROR_TYPE_STATUS] ?? (err.code === 'body_too_large' ? 413 : -1), label).toBe(o.status);
}

describe('any query string on GET /return_orders', () => {
  it('gives 200 with a page envelope or a 4xx error envelope, never a 5xx', async () => {
    await fc.assert(fc.asyncProperty(queryString, async (qs) => {
      checkListOutcome(await get(`/return_orders?${qs}`), qs);
    }), { numRuns: 300 });
  });

  it('repeated parameters never crash the server', async () => {
    const repeated = fc.tuple(fc.constantFrom(...PARAMS), fc.array(fc.constantFrom(...INTERESTING), { minLength: 2, maxLength: 4 }))
      .map(([k, vs]) => vs.map((v) => `${k}=${encodeURIComponent(v)}`).join('&'));
    await fc.assert(fc.asyncProperty(repeated, async (qs) => {
      checkListOutcome(await get(`/return_orders?${qs}`), qs);
    }), { numRuns: 100 });
  });
});

describe('any review body and any Authorization header', () => {
  it('arbitrary JSON or text bodies on review give a 4xx error envelope, never a 5xx', async () => {
    const body = fc.oneof(
      fc.json(),
      fc.string({ unit: 'binary', maxLength: 50 }),
      fc.record({ items: fc.array(fc.record({ id: fc.oneof(fc.integer(), fc.string(), fc.double()), type: fc.oneof(fc.constantFrom('refund', 'exchange'), fc.string()),
        action: fc.oneof(fc.constantFrom('approve', 'reject', 'keep_item'), fc.string()), reject_reason: fc.option(fc.anything()) }, { requiredKeys: [] }), { maxLength: 4 }) })
        .map((b) => JSON.stringify(b)),
    );
    // 1001 is reviewed, the others are foreign, draft or missing: no body can succeed.
    await fc.assert(fc.asyncProperty(body, fc.constantFrom(1001, 5000, 1012, 999_999), async (b, id) => {
      const res = await fetch(`${sb.url}/return_orders/${id}/review`, {
        method: 'POST', headers: { authorization: `Bearer ${KEYS.north}`, 'content-type': 'application/json' }, body: b,
      });
      const parsed = errorBodySchema.safeParse(await res.json().catch(() => null));
      expect(res.status, b).toBeGreaterThanOrEqual(400);
      expect(res.status, b).toBeLessThan(500);
      expect(parsed.success, b).toBe(true);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }), { numRuns: 150 });
  });

  it('arbitrary Authorization headers give 200 only for a valid key, else 401', async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 80 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      fc.string({ maxLength: 70 }).map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`),
      fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `Bearer sk_${h}`),
    );
    await fc.assert(fc.asyncProperty(header, async (h) => {
      const o = await get('/return_orders?limit=1', { authorization: h });
      expect(o.status, h).toBe(401);
      const err = errorBodySchema.parse(o.body).error;
      expect(['missing_api_key', 'invalid_api_key']).toContain(err.code);
      expect(err.type).toBe('authentication_error');
    }), { numRuns: 150 });
  });

  it('after all of that the server still serves normally', async () => {
    const o = await get('/return_orders?ids=1001');
    expect((o.body as { data: { status: string }[] }).data[0]?.status).toBe('reviewed');
  });
});

/**
 * Cursor integrity (section 4, D8): any altered, truncated or foreign cursor, or one used
 * with other filters or after its lifetime, is 400 invalid_cursor_format param cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { expectError, expectPage, idsOf, listOrders, normalizedError } from '../../helpers/contract-http.js';
import { expectedIds } from '../../helpers/contract-oracle.js';

const fixture = makeFixture(60);
const SECOND_NORTH_KEY = `sk_${'e5'.repeat(32)}`;
fixture.api_keys.push({ shop_id: 'shop_north', name: 'second terminal', key: SECOND_NORTH_KEY, revoked: false });
const clock = { ms: Date.UTC(2026, 11, 1, 12) };
let sb: TestSandbox;
let other: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ fixture, cursorTtlSeconds: 60, now: () => clock.ms });
  other = await startTestSandbox({ fixture, cursorTtlSeconds: 60, now: () => clock.ms });
});
afterAll(async () => {
  await sb?.close();
  await other?.close();
});

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

async function cursorFor(query: Record<string, string> = {}, key: string = KEYS.north, base = sb.url): Promise<string> {
  const page = expectPage(await listOrders(base, key, { limit: '3', ...query }));
  expect(page.next_cursor).not.toBeNull();
  return page.next_cursor!;
}

const useCursor = (cursor: string, query: Record<string, string> = {}, key: string = KEYS.north) =>
  listOrders(sb.url, key, { limit: '3', ...query, cursor });

describe('a genuine cursor', () => {
  it('is opaque text safe in a query string and leads to the next page', async () => {
    const cursor = await cursorFor();
    expect(cursor).toMatch(/^[A-Za-z0-9_\-.~=]+$/);
    const page = expectPage(await useCursor(cursor));
    expect(idsOf(page)).toEqual(expectedIds(fixture, 'shop_north').slice(3, 6));
  });
});

describe('altered cursors (D8: any altered byte)', () => {
  it('every single-character substitution is refused', async () => {
    const cursor = await cursorFor();
    const failures: string[] = [];
    for (let i = 0; i < cursor.length; i++) {
      const ch = cursor[i]!;
      const alt = B64URL[(B64URL.indexOf(ch) + 1 + (i % 7)) % B64URL.length]!;
      const tampered = cursor.slice(0, i) + (alt === ch ? 'A' : alt) + cursor.slice(i + 1);
      const res = await useCursor(tampered);
      const code = (res.json as { error?: { code?: string; param?: string } }).error;
      if (res.status !== 400 || code?.code !== 'invalid_cursor_format' || code.param !== 'cursor') failures.push(`pos ${i}: ${res.status} ${res.text.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  });

  it('every flipped bit in the decoded bytes is refused', async () => {
    const cursor = await cursorFor();
    const bytes = Buffer.from(cursor, 'base64url');
    expect(bytes.length).toBeGreaterThan(16);
    const failures: number[] = [];
    for (let i = 0; i < bytes.length; i++) {
      const copy = Buffer.from(bytes);
      copy[i] = copy[i]! ^ (1 << (i % 8));
      const res = await useCursor(copy.toString('base64url'));
      if (res.status !== 400 || (res.json as { error: { code: string } }).error.code !== 'invalid_cursor_format') failures.push(i);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ['the last character dropped', (c: string) => c.slice(0, -1)],
    ['the last four characters dropped', (c: string) => c.slice(0, -4)],
    ['the first half only', (c: string) => c.slice(0, Math.floor(c.length / 2))],
    ['the first character only', (c: string) => c.slice(0, 1)],
    ['the first character dropped', (c: string) => c.slice(1)],
    ['a character appended', (c: string) => `${c}A`],
    ['doubled', (c: string) => c + c],
    ['with padding added', (c: string) => `${c}==`],
    ['upper-cased', (c: string) => c.toUpperCase()],
    ['with a space inside', (c: string) => `${c.slice(0, 5)} ${c.slice(5)}`],
  ])('%s → invalid_cursor_format', async (_name, alter) => {
    const cursor = await cursorFor();
    const altered = alter(cursor);
    expect(altered).not.toBe(cursor);
    expectError(await useCursor(altered), 'invalid_cursor_format', 'cursor');
  });

  it.each(['', 'abc', '!!!', 'null', '0', 'ünïcödé', 'A'.repeat(5000), '%00', 'eyJzaG9wIjoic2hvcF9ub3J0aCIsImxhc3QiOjEwMDB9',
    Buffer.from(JSON.stringify({ shop: 'shop_north', last_id: 1010, filters: '', exp: 9e15 })).toString('base64url')])(
    'garbage %j → invalid_cursor_format', async (garbage) => {
      expectError(await useCursor(garbage), 'invalid_cursor_format', 'cursor');
    });
});

describe('cursor bindings (D8)', () => {
  it('another shop\'s cursor is refused exactly like garbage', async () => {
    const southCursor = await cursorFor({}, KEYS.south);
    const foreign = await useCursor(southCursor);
    expectError(foreign, 'invalid_cursor_format', 'cursor');
    const garbage = await useCursor('x'.repeat(southCursor.length));
    expect(normalizedError(foreign)).toBe(normalizedError(garbage));
  });

  it('a cursor is bound to the shop, not the key: another key of the same shop may use it', async () => {
    const cursor = await cursorFor();
    const page = expectPage(await useCursor(cursor, {}, SECOND_NORTH_KEY));
    expect(idsOf(page)).toEqual(expectedIds(fixture, 'shop_north').slice(3, 6));
  });

  it('a cursor of another sandbox (another secret) is refused', async () => {
    const foreign = await cursorFor({}, KEYS.north, other.url);
    expectError(await useCursor(foreign), 'invalid_cursor_format', 'cursor');
  });

  it.each([
    ['no filters instead of statuses', { statuses: 'pending,reviewed,received' }, {}],
    ['a filter added', {}, { statuses: 'pending' }],
    ['other statuses', { statuses: 'pending,reviewed,received' }, { statuses: 'pending,reviewed' }],
    ['another min date', { submitted_at_min: '2026-11-01T00:00:00Z' }, { submitted_at_min: '2026-11-01T00:00:01Z' }],
    ['another max date', { submitted_at_max: '2026-11-03T00:00:00Z' }, { submitted_at_max: '2026-11-03T00:00:00.001Z' }],
    ['other ids', { ids: '1001,1002,1003,1004,1005' }, { ids: '1001,1002,1003,1004' }],
    ['other order names', { order_names: '#N1001,#N1002,#N1003,#N1004,#N1005' }, { order_names: '#N1001,#N1002,#N1003,#N1004' }],
  ])('issued for one filter set, used with another (%s) → invalid_cursor_format', async (_name, issued, used) => {
    const cursor = await cursorFor(issued);
    expectError(await useCursor(cursor, used), 'invalid_cursor_format', 'cursor');
  });

  it('the same filters (lists reordered, repeated) and another limit are accepted', async () => {
    const cursor = await cursorFor({ statuses: 'pending,reviewed,received' });
    const page = expectPage(await listOrders(sb.url, KEYS.north, { statuses: 'received,pending,reviewed,pending', limit: '50', cursor }));
    expect(idsOf(page)).toEqual(expectedIds(fixture, 'shop_north', { statuses: ['pending', 'reviewed', 'received'] }).slice(3));
  });
});

describe('cursor lifetime (D8), with the sandbox clock', () => {
  it('a cursor works until its lifetime (60 s here) has passed, then is refused', async () => {
    const start = clock.ms;
    const cursor = await cursorFor();
    clock.ms = start + 59_000;
    expectPage(await useCursor(cursor));
    clock.ms = start + 61_000;
    expectError(await useCursor(cursor), 'invalid_cursor_format', 'cursor');
    // A fresh cursor issued now works again.
    expectPage(await useCursor(await cursorFor()));
    clock.ms = start;
  });

  it('the default lifetime is 15 minutes', async () => {
    const local = { ms: Date.UTC(2026, 11, 2) };
    const dflt = await startTestSandbox({ fixture, now: () => local.ms });
    try {
      const page = expectPage(await listOrders(dflt.url, KEYS.north, { limit: '3' }));
      const next = () => listOrders(dflt.url, KEYS.north, { limit: '3', cursor: page.next_cursor! });
      local.ms += 14 * 60_000;
      expectPage(await next());
      local.ms += 2 * 60_000;
      expectError(await next(), 'invalid_cursor_format', 'cursor');
    } finally {
      await dflt.close();
    }
  });
});

/**
 * D7 parameter validation over HTTP: invalid_limit, date formats and range, statuses,
 * ids and order_names errors, and which error wins when several parameters are invalid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { expectError, expectPage, listOrders, type SpecCode } from '../../helpers/contract-http.js';

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.close();
});

const get = (query: Record<string, string>) => listOrders(sb.url, KEYS.north, query);

describe('limit (D7)', () => {
  it.each(['0', '101', '-1', 'abc', '1.5', '', ' 5', '5 ', '+5', '1e1', '0x10', '1000', '٥', '５'])(
    'limit=%j → 400 invalid_limit param limit', async (limit) => {
      expectError(await get({ limit }), 'invalid_limit', 'limit');
    });

  it.each(['1', '50', '99', '100'])('limit=%s is valid', async (limit) => {
    expect(expectPage(await get({ limit })).data.length).toBeLessThanOrEqual(Number(limit));
  });
});

describe('submitted_at_min / submitted_at_max format (D7)', () => {
  const bad = [
    '2026-11-01', 'yesterday', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '2026-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z', '2026-11-01T24:00:00Z', '2026-11-01T23:60:00Z', '2026-11-01T23:59:61Z',
    '2026-11-01 05:00:00Z', '2026-11-01T05:00Z', '2026-11-01T05:00:00', '2026-11-01T05:00:00+0200',
    '2026-11-01T05:00:00+02', '2026-11-01T05:00:00.Z', '1730000000', '', ' 2026-11-01T05:00:00Z',
    '2026-11-01T05:00:00Z ', '26-11-01T05:00:00Z', '2026-1-01T05:00:00Z', '+2026-11-01T05:00:00Z',
    '2026-11-01T05:00:00+24:00', '2026-11-01T05:00:00+02:60',
  ];
  // Section 7: the message is a sentence naming the parameter and the expected ISO 8601 datetime.
  it.each(bad)('submitted_at_min=%j → invalid_date_format param submitted_at_min', async (v) => {
    const { error } = expectError(await get({ submitted_at_min: v }), 'invalid_date_format', 'submitted_at_min');
    expect(error.message).toMatch(/submitted_at_min.*ISO 8601|ISO 8601.*submitted_at_min/);
  });
  it.each(bad)('submitted_at_max=%j → invalid_date_format param submitted_at_max', async (v) => {
    const { error } = expectError(await get({ submitted_at_max: v }), 'invalid_date_format', 'submitted_at_max');
    expect(error.message).toMatch(/submitted_at_max.*ISO 8601|ISO 8601.*submitted_at_max/);
  });

  it.each([
    '2028-02-29T00:00:00Z', '2026-11-01T05:00:00.5Z', '2026-11-01T05:00:00.123456789Z',
    '2026-11-01T05:00:00+00:00', '2026-11-01T05:00:00-00:00', '2026-11-01T05:00:00+14:00', '2000-02-29T23:59:59Z',
  ])('%s is a valid bound', async (v) => {
    expectPage(await get({ submitted_at_min: v }));
    expectPage(await get({ submitted_at_max: v }));
  });
});

describe('years below 100 (RFC 3339 full-year is any four digits)', () => {
  it('0050-06-01 is in year 50, not 1950: it is before 1949-01-01, so the range is valid', async () => {
    expect(expectPage(await get({ submitted_at_min: '0050-06-01T00:00:00Z', submitted_at_max: '1949-01-01T00:00:00Z' })).data).toEqual([]);
  });

  it('0000-02-29 exists (year 0 is a leap year in the proleptic Gregorian calendar)', async () => {
    expectPage(await get({ submitted_at_min: '0000-02-29T00:00:00Z' }));
  });
});

describe('date range (section 4 rule 1, D7)', () => {
  it('min > max → invalid_date_range param submitted_at_min, even by one nanosecond', async () => {
    expectError(await get({ submitted_at_min: '2026-11-02T00:00:00Z', submitted_at_max: '2026-11-01T00:00:00Z' }), 'invalid_date_range', 'submitted_at_min');
    expectError(await get({ submitted_at_min: '2026-11-01T00:00:00.000000001Z', submitted_at_max: '2026-11-01T00:00:00Z' }), 'invalid_date_range', 'submitted_at_min');
  });

  it('equal instants are valid, also when written in different zones', async () => {
    expectPage(await get({ submitted_at_min: '2026-11-01T05:00:00Z', submitted_at_max: '2026-11-01T05:00:00Z' }));
    expectPage(await get({ submitted_at_min: '2026-11-01T07:00:00+02:00', submitted_at_max: '2026-11-01T05:00:00.000Z' }));
  });
});

describe('statuses (D7)', () => {
  it.each(['draft', 'cancelled', 'pending,draft', 'Pending', 'PENDING', 'pending, reviewed', ' pending', 'pending ', 'bogus', 'pending;reviewed', 'pending%2Creviewed'])(
    'statuses=%j → invalid_status_value', async (statuses) => {
      expectError(await get({ statuses }), 'invalid_status_value', 'statuses');
    });

  it.each(['', ',', 'pending,,reviewed', ',pending', 'pending,', ',,'])('statuses=%j → invalid_statuses_format', async (statuses) => {
    expectError(await get({ statuses }), 'invalid_statuses_format', 'statuses');
  });
});

describe('ids (D7)', () => {
  it.each(['', 'abc', '1000,abc', '0', '-1', '1.5', '1e3', '+1', ' 1000', '1000 ', '1000, 1001', '1000,,1001', ',1000', '1000,',
    '0x10', '9007199254740992', '99999999999999999999', '１０００'])('ids=%j → invalid_ids_format', async (ids) => {
    expectError(await get({ ids }), 'invalid_ids_format', 'ids');
  });
});

describe('order_names (section 4, D7)', () => {
  it.each(['', ',', '#N1000,', ',#N1000', '#N1000,,#N1001'])('order_names=%j → invalid_order_names_format', async (order_names) => {
    expectError(await get({ order_names }), 'invalid_order_names_format', 'order_names');
  });
});

/** One invalid value per parameter, in D7's order; the range needs two valid dates. */
const BAD: readonly (readonly [string, Record<string, string>, SpecCode, string])[] = [
  ['limit', { limit: '0' }, 'invalid_limit', 'limit'],
  ['cursor', { cursor: 'garbage' }, 'invalid_cursor_format', 'cursor'],
  ['submitted_at_min', { submitted_at_min: 'yesterday' }, 'invalid_date_format', 'submitted_at_min'],
  ['submitted_at_max', { submitted_at_max: 'tomorrow' }, 'invalid_date_format', 'submitted_at_max'],
  ['range', { submitted_at_min: '2026-12-01T00:00:00Z', submitted_at_max: '2026-11-01T00:00:00Z' }, 'invalid_date_range', 'submitted_at_min'],
  ['statuses', { statuses: 'draft' }, 'invalid_status_value', 'statuses'],
  ['ids', { ids: 'x' }, 'invalid_ids_format', 'ids'],
  ['order_names', { order_names: '' }, 'invalid_order_names_format', 'order_names'],
];

describe('several invalid parameters: the first in D7 order is reported', () => {
  const pairs: [string, string, number, number][] = [];
  BAD.forEach((a, i) => BAD.forEach((b, j) => {
    const clash = new Set([a[0], b[0]]);
    // The range case sets both dates, so it cannot be combined with a bad date.
    const conflicts = clash.has('range') && (clash.has('submitted_at_min') || clash.has('submitted_at_max'));
    if (i < j && !conflicts) pairs.push([a[0], b[0], i, j]);
  }));

  it.each(pairs)('%s and %s invalid → the %s error', async (_a, _b, i, j) => {
    const first = BAD[i]!;
    const res = await get({ ...BAD[j]![1], ...first[1] });
    expectError(res, first[2], first[3]);
  });

  it('peeling the errors off one by one walks the whole D7 order', async () => {
    const query: Record<string, string> = {
      limit: '0', cursor: 'garbage', submitted_at_min: 'yesterday', submitted_at_max: 'tomorrow',
      statuses: 'draft', ids: 'x', order_names: '',
    };
    const seen: string[] = [];
    const fixes: Record<string, string> = {
      limit: '10', submitted_at_min: '2026-12-01T00:00:00Z', submitted_at_max: '2026-11-01T00:00:00Z',
      statuses: 'pending', ids: '1000', order_names: '#N1000',
    };
    for (let step = 0; step < 10; step++) {
      const res = await get(query);
      if (res.status === 200) break;
      const { code, param } = (res.json as { error: { code: string; param: string } }).error;
      seen.push(`${code}:${param}`);
      if (code === 'invalid_cursor_format') delete query.cursor;
      else if (code === 'invalid_date_range') query.submitted_at_max = '2026-12-01T00:00:00Z';
      else query[param] = fixes[param]!;
    }
    expect(seen).toEqual([
      'invalid_limit:limit', 'invalid_cursor_format:cursor', 'invalid_date_format:submitted_at_min',
      'invalid_date_format:submitted_at_max', 'invalid_date_range:submitted_at_min', 'invalid_status_value:statuses',
      'invalid_ids_format:ids', 'invalid_order_names_format:order_names',
    ]);
  });
});

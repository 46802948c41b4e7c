import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { LIST_SPEC } from '../../src/cli/commands/list/index.js';
import { parseListRequest } from '../../src/cli/commands/list/list-args.js';
import { parseCommandArgs } from '../../src/cli/flags.js';

const request = (argv: string[], isTTY = false) => parseListRequest(LIST_SPEC, parseCommandArgs(LIST_SPEC, argv, ''), isTTY, { nowMs: Date.parse('2026-11-20T12:00:00Z'), timeZone: 'UTC' });
const failure = (argv: string[]): CliError => {
  try {
    request(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    return e as CliError;
  }
  throw new Error('expected a failure');
};

describe('list flags', () => {
  it('turns every filter into the client filters', () => {
    const r = request(['--status', 'pending,reviewed', '--from', '2026-11-01T00:00:00Z', '--to', '2026-11-02T00:00:00+01:00', '--ids', '1001,1002', '--order-names', '#N1,#N2', '--limit', '20']);
    expect(r.filters).toEqual({
      statuses: ['pending', 'reviewed'],
      submittedAtMin: '2026-11-01T00:00:00Z',
      submittedAtMax: '2026-11-02T00:00:00+01:00',
      ids: [1001, 1002],
      orderNames: ['#N1', '#N2'],
    });
    expect(r.limit).toBe(20);
    expect(r.isAll).toBe(false);
  });

  it('uses page size 50 for one page and 100 for --all unless --limit says otherwise', () => {
    expect(request([]).limit).toBe(50);
    expect(request(['--all']).limit).toBe(100);
    expect(request(['--all', '--limit', '10']).limit).toBe(10);
  });

  it('reports each bad value with the interface code, its param and the flag (exit 2)', () => {
    const cases: [string[], string, string][] = [
      [['--limit', '0'], 'invalid_limit', 'limit'],
      [['--limit', '101'], 'invalid_limit', 'limit'],
      [['--from', 'last week'], 'invalid_date_format', 'submitted_at_min'],
      [['--to', '2026-13-01T00:00:00Z'], 'invalid_date_format', 'submitted_at_max'],
      [['--from', '2026-11-02T00:00:00Z', '--to', '2026-11-01T00:00:00Z'], 'invalid_date_range', 'submitted_at_min'],
      [['--status', 'pending,,reviewed'], 'invalid_statuses_format', 'statuses'],
      [['--status', 'draft'], 'invalid_status_value', 'statuses'],
      [['--status', 'pending, reviewed'], 'invalid_status_value', 'statuses'],
      [['--ids', '1,x'], 'invalid_ids_format', 'ids'],
      [['--ids', '0'], 'invalid_ids_format', 'ids'],
      [['--order-names', '#A,'], 'invalid_order_names_format', 'order_names'],
    ];
    for (const [argv, code, param] of cases) {
      const e = failure(argv);
      expect([e.code, e.param, e.exitCode]).toEqual([code, param, 2]);
      expect(e.message.startsWith(argv[0]!) || e.message.startsWith('--from/--to')).toBe(true);
      expect(e.hint).toBeTruthy();
    }
  });

  it('reads dates people type with the injected clock and zone, and sends RFC 3339', () => {
    // The clock is 2026-11-20T12:00:00Z; the zone UTC.
    expect(request(['--from', '7d', '--to', '2h']).filters).toEqual({ submittedAtMin: '2026-11-13T12:00:00Z', submittedAtMax: '2026-11-20T10:00:00Z' });
    expect(request(['--from', 'yesterday', '--to', 'today']).filters).toEqual({ submittedAtMin: '2026-11-19T00:00:00Z', submittedAtMax: '2026-11-20T23:59:59Z' });
    expect(request(['--from', '2026-11-17', '--to', '2026-11-17']).filters).toEqual({ submittedAtMin: '2026-11-17T00:00:00Z', submittedAtMax: '2026-11-17T23:59:59Z' });
    const newYork = parseListRequest(LIST_SPEC, parseCommandArgs(LIST_SPEC, ['--from', '2026-11-17', '--to', '1d'], ''), false, { nowMs: Date.parse('2026-11-20T12:00:00Z'), timeZone: 'America/New_York' });
    expect(newYork.filters).toEqual({ submittedAtMin: '2026-11-17T00:00:00-05:00', submittedAtMax: '2026-11-19T07:00:00-05:00' });
  });

  it('names the accepted date forms, and says which dates a bad range came from', () => {
    expect(failure(['--to', 'junk']).message).toBe('--to: "junk" is not a date. Use a date-time (2026-11-02T09:15:00Z), a date (2026-11-02), today, yesterday, or a time ago (12h, 7d, 2w).');
    expect(failure(['--from', 'today', '--to', 'yesterday']).message).toMatch(/^--from\/--to: .*\(from 2026-11-20T00:00:00Z, to 2026-11-19T23:59:59Z\)\.$/);
  });

  it('suggests the closest status for an unknown one', () => {
    expect(failure(['--status', 'pending,reviewd']).message).toMatch(/unknown value: "reviewd".* Did you mean reviewed\?$/);
    expect(failure(['--status', 'Pending']).message).toMatch(/Did you mean pending\?$/);
    expect(failure(['--status', 'zzzzzz']).message).not.toMatch(/Did you mean/);
  });

  it('accepts equal from and to (inclusive bounds)', () => {
    expect(request(['--from', '2026-11-01T00:00:00Z', '--to', '2026-11-01T01:00:00+01:00']).filters.submittedAtMin).toBe('2026-11-01T00:00:00Z');
  });

  it('picks the output format: table on a terminal, TSV piped, or the one asked for', () => {
    expect(request([], true).format).toBe('table');
    expect(request([], false).format).toBe('tsv');
    expect(request(['--json'], true).format).toBe('json');
    expect(request(['--ndjson']).format).toBe('ndjson');
    expect(request(['--csv']).format).toBe('csv');
    expect(failure(['--json', '--csv']).message).toBe('choose one output format (got --json and --csv)');
  });

  it('checks --fields against the format', () => {
    expect(request(['--fields', 'id,customer,age']).fields.map((f) => f.name)).toEqual(['id', 'customer', 'age']);
    expect(request(['--json', '--fields', 'id,refunds']).fields.map((f) => f.name)).toEqual(['id', 'refunds']);
    expect(request(['--json']).isFieldsGiven).toBe(false);
    expect(failure(['--json', '--fields', 'customer']).message).toMatch(/"customer" is not a field of the JSON objects; use: id, order_name/);
    expect(failure(['--fields', 'nope']).message).toMatch(/"nope" is not a field; use: id/);
    expect(failure(['--fields', 'id,,status']).message).toBe('--fields has an empty element');
  });
});

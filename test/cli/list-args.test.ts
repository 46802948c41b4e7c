import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { LIST_SPEC } from '../../src/cli/commands/list/index.js';
import { parseListRequest } from '../../src/cli/commands/list/list-args.js';
import { parseCommandArgs } from '../../src/cli/flags.js';

const request = (argv: string[], isTTY = false) => parseListRequest(LIST_SPEC, parseCommandArgs(LIST_SPEC, argv, ''), isTTY);
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
      [['--from', 'yesterday'], 'invalid_date_format', 'submitted_at_min'],
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

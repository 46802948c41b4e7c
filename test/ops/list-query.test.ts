/**
 * The one list-query reader, and the four ways in (list's flags, the filter panel, the `:`
 * commands, saved views) agreeing with it: for any text of any field, each accepts what it
 * accepts, with the same filters, and refuses what it refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListFilters } from '../../src/api/list-params.js';
import { CliError } from '../../src/cli/cli-error.js';
import { parseFilterFlags } from '../../src/cli/filter-flags.js';
import { readListQuery, type ListQueryField } from '../../src/ops/list-query.js';
import { viewFilters } from '../../src/ops/saved-views.js';
import { runCommandLine, type CommandContext } from '../../src/ui/command-line/commands.js';
import { describeFilters } from '../../src/ui/screens/list/describe-filters.js';
import { checkForm, formFromFilters, type FilterFormValues } from '../../src/ui/screens/list/filter-form.js';
import { propertyRuns } from '../helpers/property-runs.js';

const DATES = { nowMs: Date.parse('2026-11-05T12:00:00Z'), timeZone: 'UTC' };
const EMPTY_FORM: FilterFormValues = { statuses: [], from: '', to: '', ids: '', names: '', limit: '50' };

describe('the list-query reader', () => {
  it('reads every field, order names with and without #', () => {
    expect(readListQuery({ statuses: 'pending,reviewed', from: '2026-11-01', to: 'today', ids: '1001,1002', names: 'AO1820,#N1', limit: '20' }, DATES)).toEqual({
      ok: true,
      limit: 20,
      filters: {
        statuses: ['pending', 'reviewed'],
        submittedAtMin: '2026-11-01T00:00:00Z',
        submittedAtMax: '2026-11-05T23:59:59Z',
        ids: [1001, 1002],
        orderNames: ['AO1820', '#AO1820', '#N1'],
      },
    });
    expect(readListQuery({}, DATES)).toEqual({ ok: true, filters: {} });
  });

  it('shows names as they were typed, and reads them back to the same filters', () => {
    const read = readListQuery({ names: 'AO1820,#N1' }, DATES);
    if (!read.ok) throw new Error('refused');
    expect(describeFilters(read.filters)).toBe('names AO1820,#N1');
    const form = formFromFilters(read.filters, 50);
    expect(form.names).toBe('AO1820,#N1');
    expect(checkForm(form, DATES).result?.filters).toEqual(read.filters);
  });

  it('gives an error per field, the first in the interface order (limit, dates, range, statuses, ids, names)', () => {
    const read = readListQuery({ names: 'a,,b', ids: 'x', statuses: 'pendng', from: 'soon', limit: '0' }, DATES);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.first).toBe('limit');
    expect(Object.keys(read.errors).sort()).toEqual(['from', 'ids', 'limit', 'names', 'statuses']);
    expect(read.errors.statuses?.message).toContain('Did you mean pending?');
    const range = readListQuery({ from: 'today', to: 'yesterday' }, DATES);
    expect(range).toMatchObject({ ok: false, first: 'from', errors: { from: { code: 'invalid_date_range' } } });
  });
});

/** One field's text, drawn from what people type: right, slipped, empty, odd. */
const fieldText = fc.oneof(
  fc.record({ field: fc.constant<ListQueryField>('statuses'), text: fc.constantFrom('pending', 'pending,reviewed', 'received,pending', 'pendng', 'pending,,reviewed', 'PENDING') }),
  fc.record({ field: fc.constantFrom<ListQueryField>('from', 'to'), text: fc.constantFrom('today', 'yesterday', '7d', '12h', '2026-11-02', '2026-11-02T09:15:00Z', '2026-13-40', 'soon', '2w') }),
  fc.record({ field: fc.constant<ListQueryField>('ids'), text: fc.oneof(fc.constantFrom('1001', '1001,1002', '0', '1,x', '99999999999999999', '1001,,1002'), fc.integer({ min: 1, max: 2 ** 40 }).map(String)) }),
  fc.record({ field: fc.constant<ListQueryField>('names'), text: fc.constantFrom('AO1820', '#AO1820', 'AO1820,#N1001', 'N1001,,N1002', 'ÄÖ-1', '#') }),
);

const FLAG: Record<ListQueryField, string> = { limit: 'limit', from: 'from', to: 'to', statuses: 'status', ids: 'ids', names: 'order-names' };
const COMMAND: Record<ListQueryField, string> = { limit: '', from: 'from', to: 'to', statuses: 'status', ids: 'ids', names: 'names' };

type Outcome = { readonly ok: true; readonly filters: ListFilters } | { readonly ok: false };

function byFlags(field: ListQueryField, text: string): Outcome {
  try {
    return { ok: true, filters: parseFilterFlags({ values: { [FLAG[field]]: text }, positionals: [] }, DATES).filters };
  } catch (error) {
    if (error instanceof CliError) return { ok: false };
    throw error;
  }
}

function byPanel(field: ListQueryField, text: string): Outcome {
  const values = field === 'statuses' ? { ...EMPTY_FORM, statuses: text.split(',') as FilterFormValues['statuses'] } : { ...EMPTY_FORM, [field]: text };
  const checked = checkForm(values, DATES);
  return checked.result ? { ok: true, filters: checked.result.filters } : { ok: false };
}

function byCommandLine(field: ListQueryField, text: string): Outcome {
  const ctx: CommandContext = { filters: {}, views: {}, profileNames: [], profile: 'north', dates: DATES };
  const run = runCommandLine(`${COMMAND[field]} ${text}`, ctx);
  return run.ok && run.effect.kind === 'filters' ? { ok: true, filters: run.effect.filters } : { ok: false };
}

function byView(field: ListQueryField, text: string): Outcome | null {
  // A view holds lists as JSON arrays the config schema checks; only its dates are text.
  if (field !== 'from' && field !== 'to') return null;
  const read = viewFilters({ [field]: text }, DATES);
  return read.ok ? { ok: true, filters: read.filters } : { ok: false };
}

describe('every way in agrees with the reader', () => {
  it('flags, the filter panel, the command line and saved views accept and refuse alike, with the same filters', () => {
    fc.assert(
      fc.property(fieldText, ({ field, text }) => {
        const read = readListQuery({ [field]: text }, DATES);
        const expected: Outcome = read.ok ? { ok: true, filters: read.filters } : { ok: false };
        expect(byFlags(field, text), `--${FLAG[field]} ${text}`).toEqual(expected);
        // The command line takes words apart at spaces or commas, so an empty element is no word.
        const words = text.split(',').filter((w) => w !== '').join(',');
        const readWords = readListQuery({ [field]: words }, DATES);
        if (words !== '') expect(byCommandLine(field, text), `:${COMMAND[field]} ${text}`).toEqual(readWords.ok ? { ok: true, filters: readWords.filters } : { ok: false });
        // The panel's statuses are a checklist of real ones, sent in the interface's order.
        if (field !== 'statuses') expect(byPanel(field, text), `panel ${field} ${text}`).toEqual(expected);
        else if (read.ok) {
          const panel = byPanel(field, text);
          expect(panel.ok && [...(panel.filters.statuses ?? [])].sort()).toEqual([...(read.filters.statuses ?? [])].sort());
        }
        const view = byView(field, text);
        if (view) expect(view, `view ${field} ${text}`).toEqual(expected);
      }),
      propertyRuns('list-query agreement', 300),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { textAt } from '../../src/ui/components/text-edit.js';
import { checkForm, fieldMessage, fieldOfParam, formFromFilters, inFieldWords } from '../../src/ui/screens/list/filter-form.js';
import { fieldText, filterFormReducer, initialFilterForm } from '../../src/ui/screens/list/filter-form-state.js';

const empty = formFromFilters({}, 50);
/** A fixed clock and zone for the date forms. */
const DATES = { nowMs: Date.parse('2026-11-20T12:00:00Z'), timeZone: 'Asia/Kolkata' };

describe('filter form checks (the interface rules)', () => {
  it('accepts empty fields as "no filter"', () => {
    expect(checkForm(empty, DATES)).toEqual({ errors: {}, result: { filters: {}, limit: 50 } });
  });

  it('gives the filters in the interface vocabulary, statuses in the listed order', () => {
    const checked = checkForm({
      statuses: ['reviewed', 'pending'],
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-02T00:00:00+01:00',
      ids: '1001,1002',
      names: '#N1,#N2',
      limit: '20',
    }, DATES);
    expect(checked.result).toEqual({
      filters: {
        statuses: ['pending', 'reviewed'],
        submittedAtMin: '2026-11-01T00:00:00Z',
        submittedAtMax: '2026-11-02T00:00:00+01:00',
        ids: [1001, 1002],
        orderNames: ['#N1', '#N2'],
      },
      limit: 20,
    });
  });

  it('reports every bad field at once, each with its code', () => {
    const checked = checkForm({ ...empty, from: 'last week', to: '2026-13-01T00:00:00Z', ids: '1, 2', names: 'a,,b', limit: '101' }, DATES);
    expect(checked.result).toBeUndefined();
    expect(checked.errors.from?.code).toBe('invalid_date_format');
    expect(checked.errors.to?.code).toBe('invalid_date_format');
    expect(checked.errors.ids?.code).toBe('invalid_ids_format');
    expect(checked.errors.names?.code).toBe('invalid_order_names_format');
    expect(checked.errors.limit?.code).toBe('invalid_limit');
  });

  it('reads the date forms people type and sends RFC 3339 date-times', () => {
    expect(checkForm({ ...empty, from: '7d', to: 'today' }, DATES).result?.filters).toEqual({
      submittedAtMin: '2026-11-13T17:30:00+05:30',
      submittedAtMax: '2026-11-20T23:59:59+05:30',
    });
    expect(checkForm({ ...empty, from: '2026-11-17', to: '2026-11-17' }, DATES).result?.filters).toEqual({
      submittedAtMin: '2026-11-17T00:00:00+05:30',
      submittedAtMax: '2026-11-17T23:59:59+05:30',
    });
    const junk = checkForm({ ...empty, to: 'junk' }, DATES).errors.to;
    expect(junk).toEqual({ code: 'invalid_date_format', param: 'submitted_at_max', message: expect.stringMatching(/^"junk" is not a date\. Use .*today, yesterday, or a time ago \(12h, 7d, 2w\)\.$/) });
    expect(checkForm({ ...empty, from: 'today', to: 'yesterday' }, DATES).errors.from?.code).toBe('invalid_date_range');
  });

  it('checks the date range (equal is valid)', () => {
    expect(checkForm({ ...empty, from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, DATES).errors.from?.code).toBe('invalid_date_range');
    expect(checkForm({ ...empty, from: '2026-11-02T00:00:00Z', to: '2026-11-02T01:00:00+01:00' }, DATES).result).toBeDefined();
  });

  it('round-trips filters through the form and maps params to fields', () => {
    const filters = { statuses: ['pending' as const], submittedAtMin: '2026-11-01T00:00:00Z', ids: [5], orderNames: ['#A'] };
    expect(checkForm(formFromFilters(filters, 7), DATES).result).toEqual({ filters, limit: 7 });
    expect(fieldOfParam('submitted_at_max')).toBe('to');
    expect(fieldOfParam('order_names')).toBe('names');
    expect(fieldOfParam('cursor')).toBeUndefined();
  });
});

describe('filter form state', () => {
  it('focuses the field the service complained about, and clears that error once it is edited', () => {
    const error = { code: 'invalid_ids_format' as const, param: 'ids', message: 'bad ids' };
    let s = initialFilterForm({ ...empty, ids: '1' }, error);
    expect(s.focus).toBe('ids');
    expect(s.serverError).toEqual(error);
    s = filterFormReducer(s, { type: 'edit', field: 'from', text: textAt('x') });
    expect(s.serverError).toEqual(error);
    s = filterFormReducer(s, { type: 'edit', field: 'ids', text: { value: '1', cursor: 0 } });
    expect(s.serverError).toEqual(error); // only the cursor moved
    s = filterFormReducer(s, { type: 'edit', field: 'ids', text: textAt('12') });
    expect(s.serverError).toBeNull();
    expect(fieldText(s, 'ids')).toEqual({ value: '12', cursor: 2 });
  });

  it('ignores an error for a param that is not a field', () => {
    const s = initialFilterForm(empty, { code: 'invalid_cursor_format', param: 'cursor', message: 'x' });
    expect(s.serverError).toBeNull();
    expect(s.focus).toBe('statuses');
  });

  it('moves between fields with wrap-around and works the status checklist', () => {
    let s = initialFilterForm(empty);
    s = filterFormReducer(s, { type: 'focus', by: -1 });
    expect(s.focus).toBe('limit');
    s = filterFormReducer(s, { type: 'focus', by: 1 });
    expect(s.focus).toBe('statuses');
    s = filterFormReducer(s, { type: 'move-status', by: -1 }); // wraps to archived
    s = filterFormReducer(s, { type: 'toggle-status' });
    expect(s.values.statuses).toEqual(['archived']);
    s = filterFormReducer(s, { type: 'toggle-status' });
    expect(s.values.statuses).toEqual([]);
  });
});

describe('the panel speaks its own words', () => {
  it('names the fields as the panel labels them, never by their interface names', () => {
    const checked = checkForm({ ...empty, from: '2026-11-10', to: '2026-11-02' }, DATES);
    expect(checked.errors.from?.code).toBe('invalid_date_range');
    expect(fieldMessage(checked.errors.from!)).toBe('Submitted from must not be later than Submitted to (from 2026-11-10T00:00:00+05:30, to 2026-11-02T23:59:59+05:30).');
    expect(fieldMessage(checkForm({ ...empty, limit: '0' }, DATES).errors.limit!)).toBe('Page size must be a whole number from 1 to 100, written in digits.');
    expect(fieldMessage(checkForm({ ...empty, ids: '1,a' }, DATES).errors.ids!)).toMatch(/^Ids must be positive whole numbers/);
    expect(fieldMessage(checkForm({ ...empty, names: '#N1,,#N2' }, DATES).errors.names!)).toMatch(/^Order names: an empty name between commas; write them comma-separated/);
    for (const values of [{ from: 'junk' }, { to: '2020-13-45' }, { limit: '1000' }, { ids: ',' }, { names: ',' }, { from: '2026-11-10', to: '2026-11-02' }]) {
      for (const error of Object.values(checkForm({ ...empty, ...values }, DATES).errors)) {
        expect(fieldMessage(error)).not.toMatch(/submitted_at_m(in|ax)|order_names|^limit|^ids|^statuses/);
      }
    }
  });

  it('words the service\'s message the same way, and leaves a word that is only prose alone', () => {
    expect(inFieldWords('submitted_at_min must not be later than submitted_at_max.')).toBe('Submitted from must not be later than Submitted to.');
    expect(inFieldWords('statuses contains an unknown value: "x".')).toBe('Statuses contains an unknown value: "x".');
    expect(inFieldWords('You are over the limit; order_names has an empty element.')).toBe('You are over the limit; Order names has an empty element.');
  });
});

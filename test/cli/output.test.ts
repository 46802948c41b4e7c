/**
 * The commands' exporter (src/cli/output/): one writer per format, each streaming (the table
 * alone waits for `end`), the JSON array closed also when the records stop early, and no
 * form of an API key in any format while the rest of the data stays as sent.
 */
import { describe, expect, it } from 'vitest';
import { createOutput, type Column, type OutputFormat, type RecordShape } from '../../src/cli/output/index.js';
import { createStyle } from '../../src/format/style.js';
import { makeTestFactory } from './helpers/test-factory.js';

interface Row {
  readonly id: number;
  readonly name: string;
}

const COLUMNS: readonly Column<Row>[] = [
  { name: 'id', spec: { header: 'ID', align: 'right' }, value: (r) => String(r.id) },
  { name: 'name', spec: { header: 'NAME', isFlexible: true, minWidth: 4 }, value: (r) => r.name, paint: (t) => `<${t}>` },
];
const SHAPE: RecordShape<Row> = { columns: COLUMNS, json: (r) => r };

/** An exporter on captured stdout; `secrets` as the runner keeps them. */
function exporter(options: { readonly isTTY?: boolean; readonly columns?: number; readonly secrets?: readonly string[] } = {}) {
  const t = makeTestFactory({ isStdoutTTY: options.isTTY ?? false, columns: options.columns ?? 80 });
  return { output: createOutput(t.factory.io, createStyle(false), options.secrets ?? []), stdout: t.stdout };
}

function write(format: OutputFormat, rows: readonly Row[], options: Parameters<typeof exporter>[0] = {}): string {
  const { output, stdout } = exporter(options);
  const writer = output.records(format, SHAPE);
  for (const row of rows) writer.push(row);
  writer.end();
  return stdout();
}

const ROWS: readonly Row[] = [
  { id: 1, name: 'Lima, Ana' },
  { id: 22, name: 'a "quoted"\tname with a tab' },
];

describe('a writer per format', () => {
  it('table: aligned, fitted to the terminal, painted; nothing at all for no records', () => {
    expect(write('table', ROWS, { isTTY: true, columns: 200 })).toBe('ID  NAME\n 1  <Lima, Ana>\n22  <a "quoted"␉name with a tab>\n');
    expect(write('table', ROWS, { isTTY: true, columns: 12 }).split('\n')[2]).toBe('22  <a "quot…>');
    expect(write('table', [])).toBe('');
  });

  it('TSV: no header, nothing cut, tabs in values shown as a symbol', () => {
    expect(write('tsv', ROWS)).toBe('1\tLima, Ana\n22\ta "quoted"␉name with a tab\n');
  });

  it('CSV: the header at once (an empty walk still has it), RFC 4180 quoting, CRLF', () => {
    expect(write('csv', ROWS)).toBe('id,name\r\n1,"Lima, Ana"\r\n22,"a ""quoted""␉name with a tab"\r\n');
    expect(write('csv', [])).toBe('id,name\r\n');
  });

  it('JSON: an array written one element at a time, [] when empty; NDJSON: a line each', () => {
    expect(JSON.parse(write('json', ROWS))).toEqual(ROWS);
    expect(write('json', [])).toBe('[]\n');
    expect(write('ndjson', ROWS)).toBe(`${JSON.stringify(ROWS[0])}\n${JSON.stringify(ROWS[1])}\n`);
  });

  it('streams: every format but the table has written a record before the next one arrives', () => {
    for (const format of ['tsv', 'csv', 'json', 'ndjson'] as const) {
      const { output, stdout } = exporter();
      const writer = output.records(format, SHAPE);
      writer.push(ROWS[0]!);
      expect(stdout(), format).toContain('Lima, Ana');
    }
    const { output, stdout } = exporter({ isTTY: true });
    output.records('table', SHAPE).push(ROWS[0]!);
    expect(stdout()).toBe('');
  });

  it('a JSON array ended after a failure midway is valid JSON holding what was read', () => {
    const { output, stdout } = exporter();
    const writer = output.records('json', SHAPE);
    try {
      for (const row of ROWS) {
        writer.push(row);
        throw new Error('the walk failed');
      }
    } catch {
      writer.end();
    }
    expect(JSON.parse(stdout())).toEqual([ROWS[0]]);
  });
});

const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;
const SHOWN = `sk_…${KEY.slice(-4)}`;

/** Any 12-character piece of the key's hex part. */
function leaks(text: string): boolean {
  const hex = KEY.slice(3);
  for (let i = 0; i + 12 <= hex.length; i++) if (text.includes(hex.slice(i, i + 12))) return true;
  return false;
}

describe('no form of an API key in any format; the rest as sent', () => {
  const forms = [
    `order ${KEY}`,
    `split ${KEY.slice(0, 30)}\u200b${KEY.slice(30)}`,
    `encoded sk%5F${KEY.slice(3)}`,
    `a part ${KEY.slice(10, 40)} of the key in use`,
  ];
  const rows = forms.map((name, i) => ({ id: i, name }));

  it.each(['table', 'tsv', 'csv', 'json', 'ndjson'] as const)('%s', (format) => {
    const text = write(format, rows, { isTTY: true, columns: 500, secrets: [KEY] });
    expect(leaks(text)).toBe(false);
    expect(text).toContain(SHOWN);
  });

  it('a single JSON document and service text in sentences too', () => {
    const { output, stdout } = exporter({ secrets: [KEY] });
    output.writeJson({ note: forms[1], [KEY]: 'a key as a property name' });
    output.write(`Reviewed ${output.text(forms[0]!)}\n`);
    expect(leaks(stdout())).toBe(false);
    expect(JSON.parse(stdout().split('\nReviewed')[0]!)).toEqual({ note: `split ${SHOWN}`, [SHOWN]: 'a key as a property name' });
  });

  it('a few digits an order shares with the key by chance are data, and stay', () => {
    // 5 to 11 hex characters of the key in use: the scrubber's own messages hide them, data keeps them.
    const row = { id: 1, name: `order ${KEY.slice(3, 14)} and 012345` };
    expect(JSON.parse(write('json', [row], { secrets: [KEY] }))).toEqual([row]);
    expect(write('tsv', [row], { secrets: [KEY] })).toBe(`1\torder ${KEY.slice(3, 14)} and 012345\n`);
  });
});

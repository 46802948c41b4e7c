/**
 * One writer per output format (as gh has one exporter): table, TSV, CSV, JSON, NDJSON. Each
 * takes records one at a time, so `list --all` streams; only the terminal table keeps its
 * records until `end()`, because it sizes its columns by all of them. Cells arrive as raw
 * text and leave through `clean` (keys scrubbed, then sanitized for the terminal); JSON
 * values through `cleanJson` (keys scrubbed) and `stringifySafeJson`. Pure apart from `write`.
 */
import { stringifySafeJson } from '../../format/json-output.js';
import type { DisplayText } from '../../format/sanitize.js';
import { csvField, renderTable, type ColumnSpec } from '../../format/table.js';

export type OutputFormat = 'table' | 'tsv' | 'csv' | 'json' | 'ndjson';

/** One column of the text formats. */
export interface Column<T> {
  /** The CSV header (and --fields name). */
  readonly name: string;
  /** Header, alignment, cutting and dropping in the terminal table. */
  readonly spec: ColumnSpec;
  /** The cell's raw text (service text included): the writer scrubs and sanitizes it. */
  readonly value: (record: T) => string;
  /** Colours a table cell after padding (the words stay the same without colour). */
  readonly paint?: (text: string, record: T) => string;
}

/** How a record is written: its columns (table, TSV, CSV) and its JSON value (JSON, NDJSON). */
export interface RecordShape<T> {
  readonly columns: readonly Column<T>[];
  readonly json: (record: T) => unknown;
}

/** What a writer needs of the output. */
export interface WriterTarget {
  readonly write: (chunk: string) => void;
  /** Text made safe for the output: keys scrubbed, then sanitized; `isWhole` keeps every character. */
  readonly clean: (raw: string, isWhole: boolean) => DisplayText;
  /** A JSON value with every form of a key scrubbed. */
  readonly cleanJson: (value: unknown) => unknown;
  /** Terminal width the table fits (Infinity: nothing cut). */
  readonly width: () => number;
  readonly paintHeader: (text: string) => string;
}

export interface RecordWriter<T> {
  /** Writes one record (the table keeps it for `end`). */
  push(record: T): void;
  /** Finishes: prints the table, closes the JSON array. Call it also after a failure, so what was read is kept. */
  end(): void;
}

/** Writes a JSON array one element at a time, so `--all --json` never holds every page in one string. */
function jsonArrayWriter<T>(target: WriterTarget, shape: RecordShape<T>): RecordWriter<T> {
  let count = 0;
  return {
    push: (record) => {
      target.write(`${count === 0 ? '[\n' : ',\n'}  ${stringifySafeJson(target.cleanJson(shape.json(record)))}`);
      count++;
    },
    end: () => target.write(count === 0 ? '[]\n' : '\n]\n'),
  };
}

function ndjsonWriter<T>(target: WriterTarget, shape: RecordShape<T>): RecordWriter<T> {
  return {
    push: (record) => target.write(`${stringifySafeJson(target.cleanJson(shape.json(record)))}\n`),
    end: () => undefined,
  };
}

/** Every cell of a record, made safe; `isWhole`: nothing cut (pipes and files). */
function cells<T>(target: WriterTarget, shape: RecordShape<T>, record: T, isWhole: boolean): DisplayText[] {
  return shape.columns.map((c) => target.clean(c.value(record), isWhole));
}

/** Tab-separated lines without a header (sanitizing shows tabs and line breaks in values as symbols). */
function tsvWriter<T>(target: WriterTarget, shape: RecordShape<T>): RecordWriter<T> {
  return {
    push: (record) => target.write(`${cells(target, shape, record, true).join('\t')}\n`),
    end: () => undefined,
  };
}

/** RFC 4180 CSV with a header line (written at once, so an empty walk still has it), CRLF line ends. */
function csvWriter<T>(target: WriterTarget, shape: RecordShape<T>): RecordWriter<T> {
  target.write(`${shape.columns.map((c) => csvField(c.name)).join(',')}\r\n`);
  return {
    push: (record) => target.write(`${cells(target, shape, record, true).map(csvField).join(',')}\r\n`),
    end: () => undefined,
  };
}

/** The aligned table, fitted to the width; nothing is printed for no records (the command says so). */
function tableWriter<T>(target: WriterTarget, shape: RecordShape<T>): RecordWriter<T> {
  const records: T[] = [];
  return {
    push: (record) => {
      records.push(record);
    },
    end: () => {
      if (records.length === 0) return;
      const lines = renderTable({
        columns: shape.columns.map((c) => c.spec),
        rows: records.map((r) => cells(target, shape, r, false)),
        maxWidth: target.width(),
        paintHeader: target.paintHeader,
        paintCell: (text, column, row) => shape.columns[column]?.paint?.(text, records[row]!) ?? text,
      });
      target.write(`${lines.join('\n')}\n`);
      records.length = 0;
    },
  };
}

const WRITERS: { readonly [F in OutputFormat]: <T>(target: WriterTarget, shape: RecordShape<T>) => RecordWriter<T> } = {
  table: tableWriter,
  tsv: tsvWriter,
  csv: csvWriter,
  json: jsonArrayWriter,
  ndjson: ndjsonWriter,
};

/** The writer of `format` for records of `shape`. */
export function createRecordWriter<T>(format: OutputFormat, target: WriterTarget, shape: RecordShape<T>): RecordWriter<T> {
  return WRITERS[format](target, shape);
}

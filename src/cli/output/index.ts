/**
 * The commands' one exporter: every byte of data a command prints on stdout goes through
 * here. Text from the service is scrubbed of every form of an API key (the one scrubber,
 * src/api/key-scrub.ts) and then sanitized (the one sanitizer, src/format/sanitize.ts);
 * JSON keeps the data as sent except keys, and escapes what a terminal could act on
 * (src/format/json-output.ts). Records go through the writer of their format
 * (record-writers.ts); a single value through `writeJson`; a command's own sentences
 * around service text through `text` and `write`.
 */
import { scrubDeep, scrubSecrets, type ScrubOptions } from '../../api/key-scrub.js';
import { stringifySafeJson } from '../../format/json-output.js';
import { sanitizeForTerminal, type DisplayText } from '../../format/sanitize.js';
import type { Style } from '../../format/style.js';
import type { IOStreams } from '../factory.js';
import { createRecordWriter, type OutputFormat, type RecordShape, type RecordWriter, type WriterTarget } from './record-writers.js';

export type { Column, OutputFormat, RecordShape, RecordWriter } from './record-writers.js';

/**
 * In data, a part of a known key counts from 12 hex characters on (the scrubber's default
 * of 5 would hide an order number that shares 5 digits with the key by chance); whole keys,
 * `sk_` and its fragments, and encoded or split keys are found at any length.
 */
const DATA_SCRUB: ScrubOptions = { fragmentLength: 12 };

export interface Output {
  /** Our own words (no service text in them, or only through `text`). */
  write(chunk: string): void;
  /** Service text for the terminal: keys scrubbed, then sanitized; `isWhole` keeps every character (pipes). */
  text(raw: string, options?: { readonly isWhole?: boolean }): DisplayText;
  /** One JSON document (2-space indented), keys scrubbed. */
  writeJson(value: unknown): void;
  /** A writer of records in `format`. */
  records<T>(format: OutputFormat, shape: RecordShape<T>): RecordWriter<T>;
  /** True when stdout is a terminal (tables then; TSV when piped). */
  readonly isTTY: boolean;
}

/**
 * The exporter on stdout. `secrets` are the keys in use, read at each write (the runner adds
 * the connection's key when it connects).
 */
export function createOutput(io: IOStreams, style: Style, secrets: readonly string[]): Output {
  const write = (chunk: string) => {
    io.stdout.write(chunk);
  };
  const clean = (raw: string, isWhole: boolean) =>
    sanitizeForTerminal(scrubSecrets(raw, secrets, DATA_SCRUB), isWhole ? { maxChars: Number.POSITIVE_INFINITY } : {});
  const target: WriterTarget = {
    write,
    clean,
    cleanJson: (value) => scrubDeep(value, secrets, DATA_SCRUB),
    width: () => (io.isStdoutTTY ? io.columns() : Number.POSITIVE_INFINITY),
    paintHeader: (text) => style.bold(text),
  };
  return {
    write,
    text: (raw, options = {}) => clean(raw, options.isWhole === true),
    writeJson: (value) => write(`${stringifySafeJson(target.cleanJson(value), 2)}\n`),
    records: (format, shape) => createRecordWriter(format, target, shape),
    isTTY: io.isStdoutTTY,
  };
}

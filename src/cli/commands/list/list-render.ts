/**
 * How `list` writes an order in each format (the writers are the exporter's, src/cli/output/):
 * the --fields columns for the table, TSV and CSV (local times in the table, the service's
 * values elsewhere; the status coloured in the table), and the order as sent, or only the
 * --fields keys, for JSON and NDJSON. Also the progress line of a long walk.
 */
import { progressText } from '../../output/progress-line.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { orderStatusPaint } from '../../../format/status.js';
import type { Style } from '../../../format/style.js';
import type { Column, RecordShape } from '../../output/index.js';
import type { FieldContext, ListField } from './list-fields.js';

/** The order as sent, or only the --fields keys (in that order) when fields are given. */
export function jsonObject(order: ReturnOrder, fields: readonly ListField[] | null): unknown {
  if (fields === null) return order;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.hasOwn(order, f.name)) out[f.name] = order[f.name];
  return out;
}

/** Orders as `list` writes them; `jsonFields` null: whole objects. */
export function listShape(fields: readonly ListField[], jsonFields: readonly ListField[] | null, ctx: FieldContext, style: Style): RecordShape<ReturnOrder> {
  const columns = fields.map(
    (f): Column<ReturnOrder> => ({
      name: f.name,
      spec: f.column,
      value: (order) => f.value(order, ctx),
      ...(f.name === 'status' && { paint: (text: string, order: ReturnOrder) => orderStatusPaint(order.status, style)(text) }),
    }),
  );
  return { columns, json: (order) => jsonObject(order, jsonFields) };
}

/** The stderr progress line of a long walk, e.g. "Fetching return orders… 250". */
export function progressLine(count: number): string {
  return progressText(`Fetching return orders… ${count}`);
}


/**
 * The type system keeps service text off the screen unless it went through the sanitizer:
 * snippets that pass a field of an order straight to a component, a table cell, the notice
 * line or a banner must not compile, and the same snippets with the text sanitized must.
 * Compiled with the TypeScript compiler against the real sources (no emit).
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const PROBE_DIR = join(ROOT, 'test', 'ui');

const HEADER = `
import type { ReturnOrder } from '../../src/api/schemas.js';
import { display, sanitizeForTerminal as safe } from '../../src/format/sanitize.js';
import { renderTable } from '../../src/format/table.js';
import { useNotice } from '../../src/ui/context/notice-context.js';
import { ConfirmDialog } from '../../src/ui/screens/order/confirm-dialog.js';
import { orderReducer, initialOrderState } from '../../src/ui/screens/order/order-state.js';
import type { ColumnSpec } from '../../src/ui/table/table-layout.js';
declare const order: ReturnOrder;
void display; void safe; void renderTable; void useNotice; void ConfirmDialog; void orderReducer; void initialOrderState;
export {};
`;

/** What a careless new screen would write, and the same with the sanitizer. */
const CASES: ReadonlyArray<{ readonly name: string; readonly raw: string; readonly safe: string }> = [
  {
    name: 'a confirmation dialog',
    raw: 'export const a = <ConfirmDialog question={`Mark ${order.order_name} as received?`} />;',
    safe: 'export const a = <ConfirmDialog question={display`Mark ${safe(order.order_name)} as received?`} />;',
  },
  {
    name: 'a display text built around a raw field',
    raw: 'export const a = <ConfirmDialog question={display`Mark ${order.order_name} as received?`} />;',
    safe: 'export const a = <ConfirmDialog question={display`Mark ${safe(order.order_name)} as received?`} />;',
  },
  {
    name: 'a table cell of the console',
    raw: "export const c: ColumnSpec<ReturnOrder> = { key: 'n', header: 'N', cell: (o) => o.cust_email };",
    safe: "export const c: ColumnSpec<ReturnOrder> = { key: 'n', header: 'N', cell: (o) => safe(o.cust_email) };",
  },
  {
    name: 'a table row of the commands',
    raw: 'export const t = renderTable({ columns: [{ header: "N" }], rows: [[order.order_name]], maxWidth: 80 });',
    safe: 'export const t = renderTable({ columns: [{ header: "N" }], rows: [[safe(order.order_name)]], maxWidth: 80 });',
  },
  {
    name: 'the notice line',
    raw: 'export function F() { useNotice().show(`Opened ${order.order_name}`); return null; }',
    safe: 'export function F() { useNotice().show(display`Opened ${safe(order.order_name)}`); return null; }',
  },
  {
    name: "the order screen's banner",
    raw: "export const s = orderReducer(initialOrderState, { type: 'show', tone: 'info', text: order.cust_first_name }, { items: [], status: null, keepUnsupportedSince: null, presets: [] });",
    safe: "export const s = orderReducer(initialOrderState, { type: 'show', tone: 'info', text: safe(order.cust_first_name) }, { items: [], status: null, keepUnsupportedSince: null, presets: [] });",
  },
];

/** Each snippet in a probe file of its own, all compiled in one program: diagnostics by snippet. */
function diagnosticsOf(bodies: readonly string[]): readonly (readonly string[])[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  const probes = new Map(bodies.map((body, i) => [join(PROBE_DIR, `__display-text-probe-${i}.tsx`), HEADER + body]));
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => probes.has(name) || fileExists(name);
  host.readFile = (name) => probes.get(name) ?? readFile(name);
  host.getSourceFile = (name, language, onError, isNew) => {
    const probe = probes.get(name);
    return probe === undefined ? getSourceFile(name, language, onError, isNew) : ts.createSourceFile(name, probe, language, true, ts.ScriptKind.TSX);
  };
  const program = ts.createProgram([...probes.keys()], { ...config.options, noEmit: true }, host);
  return [...probes.keys()].map((name) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(name)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  );
}

describe('DisplayText: service text reaches the screen only through the sanitizer', { timeout: 120_000 }, () => {
  it('a raw field of an order does not compile where text is shown; the sanitized field does', () => {
    const results = diagnosticsOf(CASES.flatMap((c) => [c.raw, c.safe]));
    CASES.forEach((c, i) => {
      const raw = results[2 * i]!;
      const safe = results[2 * i + 1]!;
      expect(raw.join('\n'), c.name).toMatch(/not assignable to (type|parameter of type) '(DisplayText|CellText|DisplayPart)/);
      expect(safe, c.name).toEqual([]);
    });
  });
});

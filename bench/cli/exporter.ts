/**
 * What the commands' exporter (src/cli/output/) costs per order: 20,000 orders of two items
 * written as NDJSON through it (keys scrubbed with the key in use, then stringifySafeJson),
 * against stringifySafeJson alone. `npx tsx bench/cli/exporter.ts [ORDERS]`.
 */
import { createOutput } from '../../src/cli/output/index.js';
import type { IOStreams } from '../../src/cli/factory.js';
import { stringifySafeJson } from '../../src/format/json-output.js';
import { createStyle } from '../../src/format/style.js';

const count = Number(process.argv[2] ?? 20_000);
const key = `sk_${'3f9a'.repeat(16)}`;
const item = (id: number) => ({ id, status: 'pending', title: 'Trail runner 2, size 42', sku: `SKU-${id}`, quantity: 1, price: '89.90', reason: 'Too small', reject_reason: null });
const orders = Array.from({ length: count }, (_, i) => ({
  id: 1001 + i, cust_email: `customer${i}@example.com`, cust_first_name: 'Ana', cust_last_name: 'Lima', status: 'pending', currency: 'EUR',
  order_id: String(5012345678 + i), order_name: `#AO${1001 + i}`, submitted_at: '2026-11-01T00:00:00Z', refunds: [item(70000 + 2 * i)], exchanges: [item(70001 + 2 * i)],
}));
let bytes = 0;
const io: IOStreams = {
  stdout: { write: (chunk: string) => (bytes += chunk.length) },
  stderr: { write: () => 0 },
  stdin: process.stdin,
  isStdoutTTY: false,
  isStderrTTY: false,
  columns: () => 80,
};

for (const round of [1, 2, 3]) {
  let started = performance.now();
  for (const order of orders) io.stdout.write(`${stringifySafeJson(order)}\n`);
  const plain = performance.now() - started;
  started = performance.now();
  const writer = createOutput(io, createStyle(false), [key]).records('ndjson', { columns: [], json: (order) => order });
  for (const order of orders) writer.push(order);
  writer.end();
  const exported = performance.now() - started;
  console.log(`round ${round}: ${count} orders as NDJSON: stringifySafeJson ${plain.toFixed(0)} ms, the exporter ${exported.toFixed(0)} ms (${((exported * 1000) / count).toFixed(1)} µs an order)`);
}

// The stack floor's work (see app.ts): it asks for the first page with undici's pool
// (as src/api does), checks it with the console's own zod schema, and draws the
// 50 orders as plain rows with Ink and React, which load meanwhile (as the console's UI does).
import { Pool } from 'undici';
import { readPageSchema } from '../../../src/api/schemas.js';

const ui = import('./ui.js');
const base = new URL(process.argv[2] ?? '');
const pool = new Pool(base.origin);
const response = await pool.request({
  method: 'GET',
  path: `${base.pathname.replace(/\/$/, '')}/return_orders?limit=50`,
  headers: { authorization: `Bearer ${process.env.RETURNS_API_KEY ?? ''}` },
});
const page = readPageSchema.parse(await response.body.json());
(await ui).showOrders(page.data);
// Stays until q, as the console does (the harness reads its CPU time first; a warm-up quits,
// so that Node writes the compile cache).
process.stdin.setRawMode?.(true);
process.stdin.on('data', (data: Buffer) => {
  if (data.includes('q')) process.exit(0);
});

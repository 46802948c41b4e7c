// The stack floor: the least a console on this project's stack does to show the first page.
// It asks for the page with undici's pool and request API (as src/api does), checks it with
// the console's own zod schema, and draws the 50 orders as plain rows with Ink and React,
// which load meanwhile (as the console's UI does). Built by ./build.ts with the console's
// own build options and source patches; the start-up benchmark measures it next to the
// bare floor and the console.
// Usage: RETURNS_API_KEY=sk_... node <built app.js> BASE_URL
import request from 'undici/lib/api/api-request.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import { readPageSchema } from '../../../src/api/schemas.js';

const ui = import('./ui.js');
const base = new URL(process.argv[2] ?? '');
const pool = new Pool(base.origin);
const response = await request.call(pool, {
  method: 'GET',
  path: `${base.pathname.replace(/\/$/, '')}/return_orders?limit=50`,
  headers: { authorization: `Bearer ${process.env.RETURNS_API_KEY ?? ''}` },
});
const page = readPageSchema.parse(await response.body.json());
(await ui).showOrders(page.data);
// Stays until killed, as the console does: the harness reads its CPU time first.
setInterval(() => {}, 1 << 30);

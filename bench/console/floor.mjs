// The start-up floor: a bare node script that fetches the first page of return orders with
// fetch and prints one line per order. Plain JavaScript (no tsx, no bundle) on purpose.
// Usage: RETURNS_API_KEY=sk_... node bench/console/floor.mjs BASE_URL [LIMIT] [--stay]
const [baseUrl, limit = '50', stay] = process.argv.slice(2);
const response = await fetch(`${baseUrl}/return_orders?limit=${limit}`, {
  headers: { Authorization: `Bearer ${process.env.RETURNS_API_KEY}` },
});
const page = await response.json();
let out = '';
for (const o of page.data) {
  out += `${o.id}  ${o.order_name}  ${o.status}  ${o.cust_first_name} ${o.cust_last_name}  ${o.cust_email}  ${o.submitted_at}  ${o.currency}\n`;
}
process.stdout.write(out);
// --stay: keep running (idle) so the harness can read this process's resident set.
if (stay === '--stay') setInterval(() => {}, 1 << 30);

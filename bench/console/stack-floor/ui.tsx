// The stack floor's screen: one plain Ink row per order (see app.ts).
import { Box, render, Text } from 'ink';
import type { ReturnOrder } from '../../../src/api/schemas.js';

function Orders({ orders }: { readonly orders: readonly ReturnOrder[] }) {
  return (
    <Box flexDirection="column">
      {orders.map((o) => (
        <Text key={o.id}>
          {`${o.id}  ${o.order_name}  ${o.status}  ${o.cust_first_name} ${o.cust_last_name}  ${o.cust_email}  ${o.submitted_at}  ${o.currency}`}
        </Text>
      ))}
    </Box>
  );
}

/** Draws `orders` once. */
export function showOrders(orders: readonly ReturnOrder[]): void {
  // As the console: a terminal is drawn in as one, also where CI is set (Ink would wait for the end).
  render(<Orders orders={orders} />, { interactive: process.stdout.isTTY === true });
}

/** GET /return_orders/{id}: a sandbox extension (D3), same 404 rules as the writes. */
import type { Handler } from '../context.js';
import { orderNotFound } from './not-found.js';

export const getReturnOrder: Handler = ({ route, shop, services }) => {
  const row = route.orderId === null ? undefined : services.orders.findVisible(shop.pk, route.orderId);
  if (!row) throw orderNotFound();
  return services.orders.hydrate([row.id])[0]!;
};

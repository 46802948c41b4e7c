/** GET /return_orders/{id}: a sandbox extension (D3), same 404 rules as the writes. */
import { RawJson, type Handler } from '../context.js';
import { orderNotFound } from './not-found.js';

export const getReturnOrder: Handler = ({ route, shop, services }) => {
  const row = route.orderId === null ? undefined : services.orders.findVisible(shop.pk, route.orderId);
  const doc = row && services.orders.docOf(row.id);
  if (!doc) throw orderNotFound();
  return RawJson.of(doc);
};

/** GET /return_orders: D7 checks, D8 cursor, keyset page of limit + 1 to know has_more. */
import { checkListQuery, nextCursor, readListQuery } from '../../validate/list-query.js';
import { RawJson, type Handler } from '../context.js';

const DATA_OPEN = Buffer.from('{"data":[');

export const listReturnOrders: Handler = ({ search, shop, now, services }) => {
  const cursorCtx = { shopId: shop.id, secret: services.cursorSecret, now };
  const { plan, filterHash } = checkListQuery(readListQuery(search), shop.pk, cursorCtx);
  const ids = services.lister.listIds(plan);
  const hasMore = ids.length > plan.limit;
  const pageIds = hasMore ? ids.slice(0, plan.limit) : ids;
  const cursor = hasMore
    ? nextCursor(pageIds[pageIds.length - 1]!, filterHash, { ...cursorCtx, ttlSeconds: services.cursorTtlSeconds })
    : null;
  // The page envelope of section 2 around the orders' stored JSON bytes, never parsed or
  // re-serialized; the parts are joined once, into the buffer the response writes (writing
  // the ~200 parts with res.write, even corked, costs the server more CPU).
  const tail = Buffer.from(`],"has_more":${hasMore},"next_cursor":${JSON.stringify(cursor)}}`);
  return RawJson.list(DATA_OPEN, services.orders.pageDocs(pageIds), tail);
};

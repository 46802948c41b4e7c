/**
 * A fixture whose texts are as long as a clerk will meet and then some: the longest demo
 * titles and reasons (src/sandbox/demo/catalog.ts) and hostile ones (a reason of several
 * sentences, wide characters, an exchange whose only difference is the size at the end),
 * for the tests that every screen fits 80x24 and 60x20 without cutting a decision text.
 */
import { makeFixture, type Fixture } from './fixture.js';

/** The texts the clerk decides on; the tests check each is readable in full. */
export const LONG = {
  orderName: '#NORTH-WAREHOUSE-2026-1000',
  title: 'Alpine Softshell Pants (L)',
  exchangeTitle: 'Alpine Softshell Pants Long Leg Charcoal Grey (XL)',
  reason:
    'Too small around the waist although I ordered my usual size; the seams at the knee also came apart after one short walk, see the photos I sent to support on Monday.',
  storedRejectReason: 'Item shows signs of wear and the tags were removed before it was sent back to the warehouse',
  wideTitle: '登山用ソフトシェルパンツ（ロング丈）チャコールグレー',
  customerFirst: 'Maximiliane-Annabelle',
  customerLast: 'Featherstonehaugh-Wolfeschlegel',
} as const;

/**
 * makeFixture(28) with long texts: order 1000 (pending) gets the long title, exchange
 * target, reason and name; 1010 (rejected) a long stored reject reason; 1014 (pending) a
 * wide-character title.
 */
export function longTextFixture(): Fixture {
  const fixture = makeFixture(28);
  const byId = new Map(fixture.return_orders.map((o) => [o.id, o]));
  const first = byId.get(1000)!;
  first.order_name = LONG.orderName;
  first.cust_first_name = LONG.customerFirst;
  first.cust_last_name = LONG.customerLast;
  first.refunds[0]!.reason = LONG.reason;
  first.exchanges[0]!.title = LONG.title;
  first.exchanges[0]!.reason = LONG.reason;
  first.exchanges[0]!.exchange_for = { title: LONG.exchangeTitle, sku: 'ASP-LL-CG-XL' };
  const rejected = byId.get(1010)!;
  rejected.refunds[0]!.status = 'rejected';
  rejected.refunds[0]!.reject_reason = LONG.storedRejectReason;
  byId.get(1014)!.refunds[0]!.title = LONG.wideTitle;
  return fixture;
}

/** Texts a hostile or careless service might send: escape sequences, bidi overrides, zero-width and wide characters, emoji. */
export const HOSTILE = {
  orderName: '#EVIL\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u001b[2J\u202e1',
  title: 'Trail Shoe \u001b[31mRED\u001b[0m 🥾 ＷＩＤＥ\u200b\u200d (44)',
  reason: `${'Returned because '.repeat(6)}\u001b[1A\u001b[2K${'sole came loose '.repeat(8)}`,
} as const;

/**
 * longTextFixture with hostile texts (order 1001, reviewed: a scan receives it) and 24 more
 * items with long reasons on 1000 (pending), for the frame oracles: every screen at every size.
 */
export function frameFixture(): Fixture {
  const fixture = longTextFixture();
  const byId = new Map(fixture.return_orders.map((o) => [o.id, o]));
  const hostile = byId.get(1001)!;
  hostile.order_name = HOSTILE.orderName;
  hostile.refunds[0]!.title = HOSTILE.title;
  hostile.refunds[0]!.reason = HOSTILE.reason;
  hostile.cust_first_name = 'Ζωή\u0301';
  const many = byId.get(1000)!;
  let itemId = 90_000;
  for (let i = 0; i < 24; i++) {
    many.refunds.push({
      id: itemId++, status: 'pending', title: `${LONG.title} variant ${i}`, sku: `ASP-${i}`, quantity: 1 + (i % 3), price: '129.00',
      reason: i % 2 === 0 ? LONG.reason : 'Wrong colour',
    });
  }
  return fixture;
}

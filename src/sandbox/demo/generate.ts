/**
 * Deterministic demo data: the same seed, count and end time give the same database.
 * Several shops (one without keep_item), every stored status incl. draft/cancelled,
 * 1-4 items per order, submission times spread over the 180 days before `endAt` with ids
 * growing with time. One transaction, prepared statements, indexes built at the end:
 * a million orders take seconds.
 */
import type { StoredStatus } from '../../api/schemas.js';
import { DEFAULT_DEMO_ORDERS } from '../config.js';
import { prepareOrderInserts } from '../db/bulk-insert.js';
import { insertKey } from '../db/keys.js';
import { rebuildBlocks } from '../db/list-orders.js';
import { isEmpty, setMeta } from '../db/meta.js';
import type { Db } from '../db/open.js';
import { withDeferredIndexes } from '../db/schema.js';
import { insertShop } from '../db/shops.js';
import { transaction } from '../../sqlite/transaction.js';
import {
  DEMO_SHOPS,
  FIRST_NAMES,
  LAST_NAMES,
  REJECT_REASONS,
  RETURN_REASONS,
  STATUS_WEIGHTS,
} from './catalog.js';
import { DEFAULT_DEMO_SEED, demoKeysFor, type DemoKey } from './keys.js';
import { createRng, type Rng } from './prng.js';

export interface DemoOptions {
  /** Number of return orders over all shops (default 2400). */
  readonly orders?: number;
  readonly seed?: string | number;
  /** Latest submission time, ms since the epoch (default: now, to the whole hour). */
  readonly endAt?: number;
}

export { DEFAULT_DEMO_ORDERS };
const SPAN_SECONDS = 180 * 86_400;
const FIRST_ORDER_ID = 1001;
const FIRST_ITEM_ID = 5_000_001;
const STATUSES = STATUS_WEIGHTS.map(([s]) => s);
const STATUS_W = STATUS_WEIGHTS.map(([, w]) => w);
const SHOP_W = DEMO_SHOPS.map((s) => s.weight);
const ITEM_COUNT_W = [50, 30, 13, 7];

/** Names as they appear in e-mail addresses (no accents), computed once. */
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const FIRST_PLAIN = FIRST_NAMES.map(plain);
const LAST_PLAIN = LAST_NAMES.map(plain);
const CURRENCY_W = DEMO_SHOPS.map((shop) => shop.currencies.map(([, w]) => w));

/**
 * Fills an empty database with demo data and its demo keys. Returns the keys, or an
 * empty list when the database already held data (it is never overwritten).
 */
export function generateDemoData(db: Db, options: DemoOptions = {}): DemoKey[] {
  const count = options.orders ?? DEFAULT_DEMO_ORDERS;
  const seed = String(options.seed ?? DEFAULT_DEMO_SEED);
  const endS = Math.floor((options.endAt ?? Date.now()) / 3_600_000) * 3600;
  const nowIso = new Date().toISOString().slice(0, 19) + 'Z';
  return transaction(db, (): DemoKey[] => {
    if (!isEmpty(db)) return [];
    const keys = demoKeysFor(seed);
    withDeferredIndexes(db, () => {
      const shopPks = DEMO_SHOPS.map((s) => insertShop(db, { id: s.id, name: s.name, keepItem: s.keepItem }));
      keys.forEach((k, i) => insertKey(db, { shopPk: shopPks[i]!, name: k.name, plain: k.key, createdAt: nowIso }));
      writeOrders(db, createRng(seed), count, endS, shopPks);
      rebuildBlocks(db);
    });
    setMeta(db, 'data_source', 'demo');
    setMeta(db, 'demo_seed', seed);
    return keys;
  });
}

function writeOrders(db: Db, rng: Rng, count: number, endS: number, shopPks: readonly number[]): void {
  const { insertOrder, insertItem } = prepareOrderInserts(db);
  const startS = endS - SPAN_SECONDS;
  const step = SPAN_SECONDS / Math.max(1, count);
  const perShop = DEMO_SHOPS.map(() => 0);
  let itemId = FIRST_ITEM_ID;
  for (let i = 0; i < count; i++) {
    const id = FIRST_ORDER_ID + i;
    // The first order belongs to the first shop and is pending, so the walk through in
    // docs/commands.md (show, review, receive order 1001 with the first demo key) always works.
    const s = i === 0 ? 0 : rng.weighted(SHOP_W);
    const shop = DEMO_SHOPS[s]!;
    const n = ++perShop[s]!;
    const status = i === 0 ? 'pending' : STATUSES[rng.weighted(STATUS_W)]!;
    const f = rng.int(0, FIRST_NAMES.length - 1);
    const l = rng.int(0, LAST_NAMES.length - 1);
    const email = `${FIRST_PLAIN[f]}.${LAST_PLAIN[l]}${rng.int(1, 99)}@${rng.pick(shop.emailDomains)}`;
    const currency = shop.currencies[rng.weighted(CURRENCY_W[s]!)]![0];
    // Monotone in i (ids grow with time), with jitter inside each step.
    const submitted = startS + Math.floor((i + rng.next() * 0.9) * step);
    insertOrder.run(
      id, shopPks[s]!, status, email, FIRST_NAMES[f]!, LAST_NAMES[l]!, currency,
      String(4_100_000_000 + i * 7 + s), `#${shop.orderPrefix}${1000 + n}`, submitted,
    );
    const itemCount = rng.weighted(ITEM_COUNT_W) + 1;
    const decisions = itemStatuses(rng, status, itemCount, shop.keepItem);
    for (let k = 0; k < itemCount; k++) {
      const [title, stem, base, variants] = rng.pick(shop.products);
      const variant = rng.pick(variants);
      const isExchange = rng.next() < 0.3 && variants.length > 1;
      const other = isExchange ? variants[(variants.indexOf(variant) + 1) % variants.length]! : null;
      const quantity = rng.next() < 0.85 ? 1 : 2;
      const itemStatus = decisions[k]!;
      insertItem.run(
        itemId++, id, isExchange ? 'exchange' : 'refund', itemStatus, `${title} (${variant})`,
        rng.next() < 0.95 ? skuOf(stem, variant) : null, quantity, price(base, currency),
        rng.next() < 0.85 ? rng.pick(RETURN_REASONS) : null,
        itemStatus === 'rejected' ? rng.pick(REJECT_REASONS) : null,
        other === null ? null : `${title} (${other})`, other === null ? null : skuOf(stem, other),
      );
    }
  }
}

function skuOf(stem: string, variant: string): string {
  return `${stem}-${variant.toUpperCase().replace(/[^A-Z0-9]+/g, '')}`;
}

const RATE: Record<string, number> = { SEK: 11, DKK: 7.5, CHF: 0.95, CAD: 1.35, GBP: 0.85, EUR: 1, USD: 1 };

function price(base: number, currency: string): string {
  const amount = base * (RATE[currency] ?? 1);
  return (Math.round(amount) - (amount >= 10 ? 0.01 : 0)).toFixed(2);
}

/** Item statuses that fit the order status (decided orders have decided items). */
function itemStatuses(rng: Rng, status: StoredStatus, count: number, keepItem: boolean): string[] {
  if (status === 'pending' || status === 'draft' || status === 'cancelled') return Array<string>(count).fill('pending');
  if (status === 'rejected') return Array<string>(count).fill('rejected');
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const x = rng.next();
    out.push(x < 0.78 ? 'approved' : x < 0.88 && keepItem ? 'kept' : x < 0.88 ? 'approved' : 'rejected');
  }
  // Only a fully rejected review leads to "rejected"; keep at least one item accepted.
  if (!out.some((s) => s !== 'rejected')) out[0] = 'approved';
  return out;
}

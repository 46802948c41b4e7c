/** Shops: public id, name and the keep_item feature. */
import type { Db } from './open.js';

export interface ShopRow {
  readonly pk: number;
  readonly id: string;
  readonly name: string;
  readonly keep_item: number;
}

export function insertShop(db: Db, shop: { id: string; name: string; keepItem: boolean }): number {
  const info = db
    .prepare('INSERT INTO shops (id, name, keep_item) VALUES (?, ?, ?)')
    .run(shop.id, shop.name, shop.keepItem ? 1 : 0);
  return Number(info.lastInsertRowid);
}

export function listShops(db: Db): ShopRow[] {
  return db.prepare('SELECT pk, id, name, keep_item FROM shops ORDER BY id').all() as unknown as ShopRow[];
}

export function findShop(db: Db, id: string): ShopRow | undefined {
  return db.prepare('SELECT pk, id, name, keep_item FROM shops WHERE id = ?').get(id) as unknown as ShopRow | undefined;
}

/** The demo shops' API keys, derived from the demo seed (see deriveDemoKey). */
import { deriveDemoKey } from '../keys.js';
import { DEMO_SHOPS } from './catalog.js';

export interface DemoKey {
  readonly shopId: string;
  readonly shopName: string;
  readonly name: string;
  readonly key: string;
}

/** The seed used when none is given. */
export const DEFAULT_DEMO_SEED = 'returns-console';

/** Name of the demo key of each shop. */
export const DEMO_KEY_NAME = 'demo key';

/** The demo key of every demo shop for `seed`; the same seed always gives the same keys. */
export function demoKeysFor(seed: string | number = DEFAULT_DEMO_SEED): DemoKey[] {
  return DEMO_SHOPS.map((shop) => ({
    shopId: shop.id,
    shopName: shop.name,
    name: DEMO_KEY_NAME,
    key: deriveDemoKey(String(seed), shop.id),
  }));
}

/**
 * How statuses look, for the commands and the console alike. The status word is always
 * printed; the colour only adds emphasis (colour is never the only carrier of meaning).
 */
import type { ItemStatus, ReturnOrderStatus } from '../api/schemas.js';
import type { Paint, Style } from './style.js';

type Tone = 'attention' | 'progress' | 'done' | 'problem' | 'quiet';

const ORDER_TONES: Record<ReturnOrderStatus, Tone> = {
  pending: 'attention',
  reviewed: 'progress',
  received: 'done',
  resolving: 'progress',
  pending_payment_from_customer: 'attention',
  payments_account_disabled: 'problem',
  pending_action: 'attention',
  completing: 'progress',
  handle_manually: 'problem',
  completed: 'done',
  rejected: 'problem',
  archived: 'quiet',
};

const ITEM_TONES: Record<ItemStatus, Tone> = {
  pending: 'attention',
  approved: 'done',
  rejected: 'problem',
  kept: 'progress',
};

function paintFor(tone: Tone | undefined, style: Style): Paint {
  switch (tone) {
    case 'attention':
      return style.yellow;
    case 'progress':
      return style.cyan;
    case 'done':
      return style.green;
    case 'problem':
      return style.red;
    case 'quiet':
      return style.dim;
    default:
      return (t) => t;
  }
}

/**
 * The paint for an order status. A status this build does not know stays plain: looked up
 * as an own key only, so a status such as "constructor" never finds Object's.
 */
export function orderStatusPaint(status: string, style: Style): Paint {
  return paintFor(Object.hasOwn(ORDER_TONES, status) ? ORDER_TONES[status as ReturnOrderStatus] : undefined, style);
}

/** The paint for an item status. */
export function itemStatusPaint(status: string, style: Style): Paint {
  return paintFor(Object.hasOwn(ITEM_TONES, status) ? ITEM_TONES[status as ItemStatus] : undefined, style);
}

/**
 * The order screen's reducer hook. Each action is reduced against the context of the
 * moment it was dispatched (the order as loaded, the profile's memory and presets), read
 * from a ref so the dispatcher stays stable. It also ends the decided item's mark.
 */
import { useCallback, useEffect, useReducer } from 'react';
import { useLatest } from '../../hooks/use-latest.js';
import { initialOrderState, orderReducer, type OrderAction, type OrderContext, type OrderState } from './order-state.js';

interface Dispatched {
  readonly action: OrderAction;
  readonly ctx: OrderContext;
}

/** How long a decided item stays marked after the cursor moved on from it. */
const DECIDED_MARK_MS = 1200;

const reduce = (state: OrderState, { action, ctx }: Dispatched): OrderState => orderReducer(state, action, ctx);

/** State and a stable dispatcher for the order screen. */
export function useOrderState(ctx: OrderContext): readonly [OrderState, (action: OrderAction) => void] {
  const ctxRef = useLatest(ctx);
  const [state, dispatchRaw] = useReducer(reduce, initialOrderState);
  const dispatch = useCallback((action: OrderAction) => dispatchRaw({ action, ctx: ctxRef.current }), [ctxRef]);
  const justDecided = state.justDecided;
  useEffect(() => {
    if (justDecided === null) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'decided-mark-over' }), DECIDED_MARK_MS);
    return () => clearTimeout(timer);
  }, [justDecided, dispatch]);
  return [state, dispatch] as const;
}

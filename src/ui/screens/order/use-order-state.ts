/**
 * The order screen's reducer hook. Each action is reduced against the context of the
 * moment it was dispatched (the order as loaded, the profile's memory and presets), read
 * from a ref so the dispatcher stays stable.
 */
import { useCallback, useReducer } from 'react';
import { useLatest } from '../../hooks/use-latest.js';
import { initialOrderState, orderReducer, type OrderAction, type OrderContext, type OrderState } from './order-state.js';

interface Dispatched {
  readonly action: OrderAction;
  readonly ctx: OrderContext;
}

const reduce = (state: OrderState, { action, ctx }: Dispatched): OrderState => orderReducer(state, action, ctx);

/** State and a stable dispatcher for the order screen. */
export function useOrderState(ctx: OrderContext): readonly [OrderState, (action: OrderAction) => void] {
  const ctxRef = useLatest(ctx);
  const [state, dispatchRaw] = useReducer(reduce, initialOrderState);
  const dispatch = useCallback((action: OrderAction) => dispatchRaw({ action, ctx: ctxRef.current }), [ctxRef]);
  return [state, dispatch] as const;
}

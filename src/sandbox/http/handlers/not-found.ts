/** The one 404 for orders: missing, another shop's, draft or cancelled all look the same. */
import { ApiError } from '../../errors.js';

export function orderNotFound(): ApiError {
  return new ApiError('return_order_not_found', 'No return order with this id.');
}

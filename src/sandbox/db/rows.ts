/** Stored rows as the statements return them. */

export interface OrderRow {
  readonly id: number;
  readonly shop_pk: number;
  readonly status: string;
  readonly cust_email: string;
  readonly cust_first_name: string;
  readonly cust_last_name: string;
  readonly currency: string;
  readonly order_id: string;
  readonly order_name: string;
  readonly submitted_s: number;
}

export interface ItemRow {
  readonly id: number;
  readonly order_id: number;
  readonly type: 'refund' | 'exchange';
  readonly status: string;
  readonly title: string;
  readonly sku: string | null;
  readonly quantity: number;
  readonly price: string;
  readonly reason: string | null;
  readonly reject_reason: string | null;
  readonly exchange_for_title: string | null;
  readonly exchange_for_sku: string | null;
}

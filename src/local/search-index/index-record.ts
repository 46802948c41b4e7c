/** One order as the search index keeps it, and its row in the index's `orders` table. */

/** What the index keeps of one order. */
export interface IndexRecord {
  readonly id: number;
  readonly status: string;
  readonly submittedAt: string;
  readonly orderName: string;
  /** The original order's id (`order_id` of the interface). */
  readonly orderRef: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** Item titles (refunds, exchanges and what is asked for in exchange). */
  readonly products: readonly string[];
  readonly skus: readonly string[];
}

/** The searchable text of a record, as it is compared to tell a change. */
export const TEXT_COLUMNS = 'order_name, order_ref, first_name, last_name, email, products, skus';
export const RECORD_COLUMNS = `id, status, submitted_at, ${TEXT_COLUMNS}`;
/** Lists (titles, SKUs) are kept one per line. */
export const LINE = '\n';

/** A record from a row of RECORD_COLUMNS. */
export function recordOfRow(row: Record<string, unknown>): IndexRecord {
  const list = (value: unknown) => (value === '' ? [] : String(value).split(LINE));
  return {
    id: Number(row.id),
    status: String(row.status),
    submittedAt: String(row.submitted_at),
    orderName: String(row.order_name),
    orderRef: String(row.order_ref),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    products: list(row.products),
    skus: list(row.skus),
  };
}


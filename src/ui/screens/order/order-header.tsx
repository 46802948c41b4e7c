/**
 * The shop (profile and host, or the sandbox badge) and the order's own fields: order name, id, status (a word, colour only helps), customer,
 * submitted time and age, original order id and currency; plus whether the draft is saved.
 */
import { Box, Text } from 'ink';
import type { ReturnOrder } from '../../../api/schemas.js';
import { formatAge, formatLocalDateTime } from '../../../format/dates.js';
import { customerName } from '../../../format/order.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { LabelBadge, labelBadge, ShopLabel, shopLabelText } from '../../components/shop-label.js';
import { useServices } from '../../context/services-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { displayWidth } from '../../../format/width.js';
import { useTheme } from '../../context/theme-context.js';
import type { DraftSaveStatus } from './use-order-draft.js';

export interface OrderHeaderProps {
  readonly order: ReturnOrder;
  readonly nowMs: number;
  readonly draft: DraftSaveStatus;
  readonly isReadOnly: boolean;
}

function draftText(draft: DraftSaveStatus): string {
  switch (draft.kind) {
    case 'saving':
      return 'saving draft…';
    case 'saved':
      return 'draft saved';
    case 'failed':
      // The file system's words (a path, an errno text): shown through the one sanitizer too.
      return `draft NOT saved: ${sanitizeForTerminal(draft.message)}`;
    default:
      return '';
  }
}

/** Lines the header takes. */
export const ORDER_HEADER_LINES = 3;

/** Renders the order's fields. */
export function OrderHeader(props: OrderHeaderProps) {
  const { order, nowMs, draft, isReadOnly } = props;
  const theme = useTheme();
  const { profile } = useServices();
  const { columns } = useTerminalSize();
  const s = sanitizeForTerminal;
  // The shop is named when the whole first line still fits; the order's name never gives way to it.
  const firstLine = `Order ${s(order.order_name)}  ·  id ${order.id}  ·  ${s(order.status)}${isReadOnly ? '  ·  READ-ONLY' : ''} ${draftText(draft)}`;
  const isShopShown = displayWidth(shopLabelText(profile)) + 3 + displayWidth(firstLine) < columns;
  // A label (PRODUCTION) never gives way: without room for the whole shop, the label alone.
  const hasLabel = labelBadge(profile) !== '';
  return (
    <Box flexDirection="column">
      {/* The name gives way on a narrow terminal; the id, the status and the draft state keep their place. */}
      <Box>
        <Box flexShrink={1}>
          <Text bold wrap="truncate-end">
            {isShopShown ? <ShopLabel /> : hasLabel ? <LabelBadge /> : null}
            {`${isShopShown || hasLabel ? ' · ' : ''}Order ${s(order.order_name)}`}
          </Text>
        </Box>
        <Box flexShrink={0} flexGrow={1}>
          <Text>
            {`  ·  id ${order.id}  ·  `}
            <Text bold color={theme.color(order.status === 'pending' ? 'warning' : 'accent')}>{s(order.status)}</Text>
            {isReadOnly ? '  ·  READ-ONLY' : ''}
          </Text>
        </Box>
        <Box flexShrink={0} marginLeft={1}>
          <Text color={theme.color(draft.kind === 'failed' ? 'danger' : 'muted')}>{draftText(draft)}</Text>
        </Box>
      </Box>
      <Text wrap="truncate-end">{`Customer: ${s(customerName(order)) || '—'} <${s(order.cust_email)}>`}</Text>
      <Text wrap="truncate-end">
        {`Submitted ${formatLocalDateTime(order.submitted_at)} (${formatAge(order.submitted_at, nowMs)} ago) · original order ${s(order.order_id)} · ${s(order.currency)}`}
      </Text>
    </Box>
  );
}

/**
 * One item of the order: what it is (type, title, SKU, quantity, price, exchange target),
 * the customer's reason, its status on the service, the decision being made, and any
 * problem the last check or the service found with it, next to the field it is about.
 */
import { Box, Text } from 'ink';
import type { ItemStatus } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import type { ItemProblem } from './review-errors.js';
import type { Decision, OrderItem } from './review-model.js';

export interface ItemRowProps {
  readonly entry: OrderItem;
  readonly currency: string;
  readonly decision: Decision | undefined;
  readonly problem: ItemProblem | undefined;
  readonly isSelected: boolean;
  /** True while the order is pending: undecided pending items say so. */
  readonly isReviewable: boolean;
}

const STATUS_TONES: Record<ItemStatus, Tone> = { pending: 'warning', approved: 'good', rejected: 'danger', kept: 'accent' };

const safe = (text: string | null | undefined) => (text === null || text === undefined || text === '' ? '—' : sanitizeForTerminal(text));

/** Renders one item (two or three lines). */
export function ItemRow(props: ItemRowProps) {
  const { entry, currency, decision, problem, isSelected, isReviewable } = props;
  const theme = useTheme();
  const { item, type } = entry;
  const exchange = item.exchange_for ? ` → for ${safe(item.exchange_for.title)}${item.exchange_for.sku ? ` [${safe(item.exchange_for.sku)}]` : ''}` : '';
  const decisionText = decision
    ? `→ ${decision.action === 'keep_item' ? 'keep' : decision.action}`
    : isReviewable && item.status === 'pending'
      ? '→ undecided'
      : '';
  const storedReason = item.status === 'rejected' && item.reject_reason ? ` · rejected because: ${safe(item.reject_reason)}` : '';
  const field = problem?.field ? `${problem.field}: ` : '';
  // The service's code follows the words in brackets; the local "undecided" check has none to show.
  const code = problem && problem.code !== 'undecided' ? ` [${sanitizeForTerminal(problem.code)}]` : '';
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold={isSelected} color={isSelected ? theme.color('accent') : undefined}>{isSelected ? '▸ ' : '  '}</Text>
        <Box width={9} flexShrink={0}>
          <Text bold={isSelected}>{type}</Text>
        </Box>
        <Box flexGrow={1} flexShrink={1}>
          <Text bold={isSelected} wrap="truncate-end">{`${safe(item.title)}${exchange}`}</Text>
        </Box>
        <Box width={9} flexShrink={0} marginLeft={1}>
          <Text color={theme.color(STATUS_TONES[item.status])}>{item.status}</Text>
        </Box>
        <Box width={12} flexShrink={0} marginLeft={1}>
          <Text bold={decision !== undefined} dimColor={decision === undefined} wrap="truncate-end">{decisionText}</Text>
        </Box>
      </Box>
      <Box paddingLeft={11}>
        <Text dimColor wrap="truncate-end">
          {`SKU ${safe(item.sku)} · qty ${item.quantity} · ${safe(item.price)} ${safe(currency)} · reason: ${safe(item.reason)}${storedReason}`}
        </Text>
      </Box>
      {decision?.action === 'reject' && (
        <Box paddingLeft={11}>
          <Text bold wrap="wrap">{`reject reason: ${sanitizeForTerminal(decision.rejectReason ?? '')}`}</Text>
        </Box>
      )}
      {problem && (
        <Box paddingLeft={11}>
          <Text color={theme.color('danger')} wrap="wrap">{`✗ ${field}${sanitizeForTerminal(problem.message)}${code}`}</Text>
        </Box>
      )}
    </Box>
  );
}

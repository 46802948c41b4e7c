/**
 * One item of the order: what it is (type, title, SKU, quantity, price, exchange target),
 * the customer's reason, its status on the service, the decision being made, and any
 * problem the last check or the service found with it, next to the field it is about.
 * Every text is wrapped to the width beforehand (item-lines.ts), never cut.
 */
import { Box, Text } from 'ink';
import type { ItemStatus } from '../../../api/schemas.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { ITEM_INDENT, type ItemLines } from './item-lines.js';
import type { Decision, OrderItem } from '../../../ops/review-model.js';

export interface ItemRowProps {
  readonly entry: OrderItem;
  readonly lines: ItemLines;
  readonly decision: Decision | undefined;
  readonly isSelected: boolean;
  /** Decided a moment ago (the cursor moved on): marked, so the move is seen. */
  readonly isJustDecided?: boolean;
  /** True while the order is pending: undecided pending items say so. */
  readonly isReviewable: boolean;
}

const STATUS_TONES: Record<ItemStatus, Tone> = { pending: 'warning', approved: 'good', rejected: 'danger', kept: 'accent' };

/** Renders one item (as many lines as `lines` holds). */
export function ItemRow(props: ItemRowProps) {
  const { entry, lines, decision, isSelected, isJustDecided = false, isReviewable } = props;
  const theme = useTheme();
  const { item, type } = entry;
  const decisionText = decision
    ? `→ ${decision.action === 'keep_item' ? 'keep' : decision.action}`
    : isReviewable && item.status === 'pending'
      ? '→ undecided'
      : '';
  const [first, ...moreTitle] = lines.title;
  return (
    <Box flexDirection="column">
      <Box>
        {/* Fixed widths that never shrink: "▸ exchange" keeps its space at any width. */}
        <Box width={2} flexShrink={0}>
          <Text bold={isSelected || isJustDecided} color={isSelected || isJustDecided ? theme.color('accent') : undefined}>{isSelected ? '▸' : isJustDecided ? '✓' : ' '}</Text>
        </Box>
        <Box width={ITEM_INDENT - 2} flexShrink={0}>
          <Text bold={isSelected}>{type}</Text>
        </Box>
        <Box flexGrow={1} flexShrink={1}>
          <Text bold={isSelected} wrap="truncate-end">{first ?? ''}</Text>
        </Box>
        <Box width={9} flexShrink={0} marginLeft={1}>
          <Text color={theme.color(STATUS_TONES[item.status])}>{item.status}</Text>
        </Box>
        <Box width={12} flexShrink={0} marginLeft={1}>
          <Text bold={decision !== undefined} inverse={isJustDecided} dimColor={decision === undefined} wrap="truncate-end">{decisionText}</Text>
        </Box>
      </Box>
      {moreTitle.map((line, i) => (
        <Box key={`t${i}`} paddingLeft={ITEM_INDENT}>
          <Text bold={isSelected} wrap="truncate-end">{line}</Text>
        </Box>
      ))}
      {lines.details.map((line, i) => (
        <Box key={`d${i}`} paddingLeft={ITEM_INDENT}>
          <Text
            bold={line.kind === 'reject-reason'}
            dimColor={line.kind === 'info'}
            color={line.kind === 'problem' ? theme.color('danger') : undefined}
            wrap="truncate-end"
          >
            {line.text}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The parts of the order screen for a loaded order: the header, the items (they scroll),
 * the status note, the banner, the reason prompt or the question, the sending line and the
 * footer. What each needs is counted in order-budget.ts; this draws each in its rows, and
 * the screen lays them out with ScreenParts.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { ReturnOrder } from '../../../api/schemas.js';
import { ITEMS_NOT_AVAILABLE } from '../../../format/order.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import type { Theme } from '../../context/theme-context.js';
import { PRIORITY, type ScreenPart } from '../../layout/screen-parts.js';
import { isUnknownStatus } from '../../unknown-status.js';
import type { OrderItem } from '../../../ops/review-model.js';
import { confirmPart } from './confirm-dialog.js';
import type { ConfirmStatus } from './use-confirm-gate.js';
import type { KeyTable } from '../../keys/match.js';
import { bannerRows, ErrorBanner } from './error-banner.js';
import { ItemRow } from './item-row.js';
import { ITEMS_MAX_WIDTH } from './item-lines.js';
import { orderNeeds, type Lines, type OrderPartKey, type OrderShown } from './order-budget.js';
import { orderItemsLayout } from './order-frame.js';
import { ORDER_HEADER_LINES, OrderHeader } from './order-header.js';
import type { OrderState } from './order-state.js';
import { ReasonPrompt, reasonPromptNeed } from './reason-prompt.js';
import type { DraftSaveStatus } from './use-order-draft.js';

export interface OrderPartsInput {
  readonly order: ReturnOrder;
  /** Null: the order carries no item arrays. */
  readonly items: readonly OrderItem[] | null;
  readonly state: OrderState;
  /** The item just decided, marked for a moment (the cursor has moved on from it). */
  readonly decidedKey: string | null;
  readonly draft: DraftSaveStatus;
  readonly isReadOnly: boolean;
  readonly nowMs: number;
  readonly columns: number;
  /** Rows of the screen (the items never ask for more). */
  readonly height: number;
  readonly presets: readonly string[];
  readonly isKeepOff: boolean;
  /** The line under the items of an order that is not pending, or null. */
  readonly note: DisplayText | null;
  /** The question of the confirmation dialog, when one is open. */
  readonly question: DisplayText | null;
  /** What the question waits for (use-confirm-gate.ts). */
  readonly confirmStatus: ConfirmStatus;
  readonly keyTable: KeyTable | undefined;
  readonly theme: Theme;
  readonly footer: ScreenPart;
}

/** The items: as many whole items as their rows hold, the cursor's among them. */
function itemsPart(input: OrderPartsInput, items: readonly OrderItem[]): { readonly lines: Lines; readonly render: (rows: number) => ReactNode } {
  const { order, state } = input;
  // One column spare: a full line makes terminals wrap.
  const width = Math.min(input.columns - 1, ITEMS_MAX_WIDTH);
  const layout = orderItemsLayout(items, order.currency, state, width);
  return {
    lines: { min: 1, want: layout.linesUpTo(input.height) },
    render: (rows) => {
      const { window, lines, isAboveShown, isBelowShown } = layout.frame(rows);
      return (
        <Box flexDirection="column" width={width}>
          {isAboveShown && <Text dimColor>{`  ↑ ${window.start} more`}</Text>}
          {lines.map((itemLines, offset) => {
            const entry = items[window.start + offset]!;
            return (
              <ItemRow
                key={entry.key}
                entry={entry}
                lines={itemLines}
                decision={state.decisions[entry.key]}
                isSelected={window.start + offset === state.cursor}
                isJustDecided={entry.key === input.decidedKey}
                isReviewable={order.status === 'pending'}
              />
            );
          })}
          {isBelowShown && <Text dimColor>{`  ↓ ${items.length - window.end} more`}</Text>}
        </Box>
      );
    },
  };
}

/** Pre-wrapped lines, drawn each cut to the width. */
function drawLines(lines: readonly string[], style: { readonly color?: string; readonly dimColor?: boolean }): () => ReactNode {
  return () =>
    lines.map((line, i) => (
      <Text key={i} color={style.color} dimColor={style.dimColor} wrap="truncate">
        {line}
      </Text>
    ));
}

const blank = () => <Text> </Text>;
const all = (lines: readonly unknown[]): Lines => ({ min: lines.length, want: lines.length });

/** The parts of the order screen, top to bottom: what each needs (order-budget.ts) and how it is drawn. */
export function orderParts(input: OrderPartsInput): ScreenPart[] {
  const { order, items, state, theme, columns } = input;
  const width = columns - 1;
  const mode = state.mode;
  const banner = state.banner;
  const bannerLines = banner ? bannerRows(banner, order.status, width) : [];
  const reasonItem = mode.kind === 'reason' ? items?.find((i) => i.key === mode.key) : undefined;
  const prompt = mode.kind === 'reason' ? { field: mode.field, presets: input.presets, presetIndex: mode.presetIndex, error: mode.error, width } : null;
  const question = input.question !== null ? confirmPart('question', input.question, width, input.confirmStatus, input.keyTable, PRIORITY.prompt) : null;
  const itemLines =
    items === null ? wrapToWidth(ITEMS_NOT_AVAILABLE, width) : items.length === 0 ? ['This order has no items.'] : null;
  const list = items !== null && items.length > 0 ? itemsPart(input, items) : null;
  const note = input.note !== null ? wrapToWidth(input.note, width) : [];
  const keepOff = order.status === 'pending' && input.isKeepOff ? ['e keep: off for this profile (the shop lacks the keep item feature)'] : [];
  const sending = mode.kind === 'sending' ? [mode.what === 'review' ? `Sending review (${mode.summary ?? ''})…` : 'Marking received…'] : [];

  const shown: OrderShown = {
    header: ORDER_HEADER_LINES,
    items: list ? list.lines : all(itemLines!),
    note: note.length,
    keepOff: keepOff.length,
    banner: bannerLines.length,
    reason: prompt ? reasonPromptNeed(prompt) : null,
    question,
    sending: sending.length,
    footer: input.footer.min,
  };
  const draw: Record<OrderPartKey, (rows: number) => ReactNode> = {
    header: () => <OrderHeader order={order} nowMs={input.nowMs} draft={input.draft} isReadOnly={input.isReadOnly} />,
    'header-gap': blank,
    items: list ? list.render : drawLines(itemLines!, items === null ? { color: theme.color('warning') } : { dimColor: true }),
    note: drawLines(note, isUnknownStatus(order.status) ? { color: theme.color('warning') } : { dimColor: true }),
    'keep-off': drawLines(keepOff, { dimColor: true }),
    'banner-gap': blank,
    banner: (rows) => (banner ? <ErrorBanner banner={banner} status={order.status} width={width} rows={rows} /> : null),
    'prompt-gap': blank,
    reason: (rows) => (prompt ? <ReasonPrompt itemTitle={sanitizeForTerminal(reasonItem?.item.title ?? '')} {...prompt} rows={rows} /> : null),
    'question-gap': blank,
    question: (rows) => question?.render(rows) ?? null,
    sending: drawLines(sending, { color: theme.color('accent') }),
    'footer-gap': blank,
    footer: input.footer.render,
  };
  return orderNeeds(shown).map((need) => ({ ...need, render: draw[need.key] }));
}

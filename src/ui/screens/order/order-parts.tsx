/**
 * The parts of the order screen for a loaded order, each with the rows it needs: the
 * header, the items (they scroll), the status note, the banner, the reason prompt or the
 * question, the sending line and the footer. The screen draws them with ScreenParts, so
 * what scan mode or a long reason adds is counted like everything else.
 */
import { Box, Text } from 'ink';
import type { ReturnOrder } from '../../../api/schemas.js';
import { ITEMS_NOT_AVAILABLE } from '../../../format/order.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import type { Theme } from '../../context/theme-context.js';
import { fixedPart, PRIORITY, spacerPart, type ScreenPart } from '../../layout/screen-parts.js';
import { isUnknownStatus } from '../../unknown-status.js';
import type { OrderItem } from '../../../ops/review-model.js';
import { confirmPart } from './confirm-dialog.js';
import type { ConfirmStatus } from './use-confirm-gate.js';
import type { KeyTable } from '../../keys/match.js';
import { bannerRows, ErrorBanner } from './error-banner.js';
import { ItemRow } from './item-row.js';
import { ITEMS_MAX_WIDTH } from './item-lines.js';
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

/** The items part: as many whole items as its rows hold, the cursor's among them. */
function itemsPart(input: OrderPartsInput, items: readonly OrderItem[]): ScreenPart {
  const { order, state } = input;
  // One column spare: a full line makes terminals wrap.
  const width = Math.min(input.columns - 1, ITEMS_MAX_WIDTH);
  const layout = orderItemsLayout(items, order.currency, state, width);
  return {
    key: 'items',
    min: 1,
    want: layout.linesUpTo(input.height),
    priority: PRIORITY.content,
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

/** A part of pre-wrapped lines, all or none. */
function linesPart(key: string, lines: readonly string[], priority: number, style: { readonly color?: string; readonly dimColor?: boolean }): ScreenPart {
  return fixedPart(key, lines.length, priority, () =>
    lines.map((line, i) => (
      <Text key={i} color={style.color} dimColor={style.dimColor} wrap="truncate">
        {line}
      </Text>
    )),
  );
}

/** The parts of the order screen, top to bottom. */
export function orderParts(input: OrderPartsInput): (ScreenPart | null)[] {
  const { order, items, state, theme, columns } = input;
  const width = columns - 1;
  const mode = state.mode;
  const isPending = order.status === 'pending';
  const banner = state.banner;
  const bannerLines = banner ? bannerRows(banner, order.status, width) : [];
  const reasonItem = mode.kind === 'reason' ? items?.find((i) => i.key === mode.key) : undefined;
  const prompt = mode.kind === 'reason' ? { field: mode.field, presets: input.presets, presetIndex: mode.presetIndex, error: mode.error, width } : null;
  const promptNeed = prompt ? reasonPromptNeed(prompt) : null;
  const noteIsWarning = isUnknownStatus(order.status);
  return [
    fixedPart('header', ORDER_HEADER_LINES, PRIORITY.header, () => <OrderHeader order={order} nowMs={input.nowMs} draft={input.draft} isReadOnly={input.isReadOnly} />),
    spacerPart('header-gap'),
    items === null
      ? linesPart('items', wrapToWidth(ITEMS_NOT_AVAILABLE, width), PRIORITY.content, { color: theme.color('warning') })
      : items.length === 0
        ? linesPart('items', ['This order has no items.'], PRIORITY.content, { dimColor: true })
        : itemsPart(input, items),
    input.note !== null ? linesPart('note', wrapToWidth(input.note, width), PRIORITY.aside, noteIsWarning ? { color: theme.color('warning') } : { dimColor: true }) : null,
    isPending && input.isKeepOff ? linesPart('keep-off', ['e keep: off for this profile (the shop lacks the keep item feature)'], PRIORITY.aside, { dimColor: true }) : null,
    banner ? spacerPart('banner-gap') : null,
    banner
      ? { key: 'banner', min: Math.min(2, bannerLines.length), want: bannerLines.length, priority: PRIORITY.outcome, render: (rows) => <ErrorBanner banner={banner} status={order.status} width={width} rows={rows} /> }
      : null,
    prompt ? spacerPart('prompt-gap') : null,
    prompt && promptNeed
      ? {
          key: 'reason',
          ...promptNeed,
          priority: PRIORITY.prompt,
          render: (rows) => <ReasonPrompt itemTitle={sanitizeForTerminal(reasonItem?.item.title ?? '')} {...prompt} rows={rows} />,
        }
      : null,
    input.question !== null ? spacerPart('question-gap') : null,
    input.question !== null ? confirmPart('question', input.question, width, input.confirmStatus, input.keyTable, PRIORITY.prompt) : null,
    mode.kind === 'sending'
      ? linesPart('sending', [mode.what === 'review' ? `Sending review (${mode.summary ?? ''})…` : 'Marking received…'], PRIORITY.outcome, { color: theme.color('accent') })
      : null,
    spacerPart('footer-gap'),
    input.footer,
  ];
}

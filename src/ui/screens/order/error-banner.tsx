/**
 * The order screen's banner: the outcome of the last action, or why it was refused. States
 * that depend on the order ("no longer pending, now reviewed") are worded from the order as
 * it is now, which the screen has just refreshed.
 */
import { Box, Text } from 'ink';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import type { Banner, BannerTone } from './order-banner.js';

export interface ErrorBannerProps {
  readonly banner: Banner;
  /** The order's current status; null when it is gone, undefined while (re)loading. */
  readonly status: string | null | undefined;
}

const TONES: Record<BannerTone, { readonly tone: Tone; readonly mark: string }> = {
  info: { tone: 'accent', mark: 'i' },
  success: { tone: 'good', mark: '✓' },
  warning: { tone: 'warning', mark: '!' },
  error: { tone: 'danger', mark: '✗' },
};

function stateText(kind: 'not-pending' | 'not-reviewed' | 'gone', status: string | null | undefined): DisplayText {
  if (kind === 'gone' || status === null) return display`This return order is no longer available. Nothing was changed.`;
  const now = status === undefined ? display`checking its status…` : display`now ${sanitizeForTerminal(status)}`;
  return kind === 'not-pending'
    ? display`This order is no longer pending, ${now}. Your review was not applied; the order was refreshed.`
    : display`This order is no longer reviewed, ${now}. It was not received; the order was refreshed.`;
}

/** The banner's lines at `width` columns (pure): text, detail, request id, each wrapped. */
export function bannerLines(banner: Banner, status: string | null | undefined, width: number): { readonly text: readonly DisplayText[]; readonly detail: readonly DisplayText[]; readonly requestId: readonly DisplayText[] } {
  const tone = banner.kind === 'message' ? TONES[banner.tone] : TONES.error;
  const text = banner.kind === 'message' ? banner.text : stateText(banner.kind, status);
  const detail = banner.kind === 'message' ? banner.detail : undefined;
  return {
    text: wrapToWidth(display`${sanitizeForTerminal(tone.mark)} ${text}`, width),
    detail: detail === undefined ? [] : wrapToWidth(detail, width - 2).map((l) => display`  ${l}`),
    requestId: banner.requestId === undefined ? [] : wrapToWidth(display`request id ${banner.requestId}`, width - 2).map((l) => display`  ${l}`),
  };
}

/** The banner's lines at `width` columns, in the order they are shown (pure). */
export function bannerRows(banner: Banner, status: string | null | undefined, width: number): readonly { readonly text: DisplayText; readonly kind: 'text' | 'detail' | 'request-id' }[] {
  const lines = bannerLines(banner, status, width);
  return [
    ...lines.text.map((text) => ({ text, kind: 'text' as const })),
    ...lines.detail.map((text) => ({ text, kind: 'detail' as const })),
    ...lines.requestId.map((text) => ({ text, kind: 'request-id' as const })),
  ];
}

/** Renders the banner's first `rows` lines (wrapped beforehand, so the screen knows its height). */
export function ErrorBanner(props: ErrorBannerProps & { readonly width: number; readonly rows: number }) {
  const { banner, status } = props;
  const theme = useTheme();
  const tone = banner.kind === 'message' ? TONES[banner.tone] : TONES.error;
  return (
    <Box flexDirection="column" flexShrink={0}>
      {bannerRows(banner, status, props.width)
        .slice(0, props.rows)
        .map((line, i) => (
          <Text key={i} color={line.kind === 'text' ? theme.color(tone.tone) : undefined} dimColor={line.kind === 'request-id'} wrap="truncate">
            {line.text}
          </Text>
        ))}
    </Box>
  );
}

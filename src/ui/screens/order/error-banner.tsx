/**
 * The order screen's banner: the outcome of the last action, or why it was refused. States
 * that depend on the order ("no longer pending, now reviewed") are worded from the order as
 * it is now, which the screen has just refreshed.
 */
import { Box, Text } from 'ink';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
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

/** Lines the banner takes, its margin included. */
export function bannerHeight(banner: Banner, status: string | null | undefined, width: number): number {
  const lines = bannerLines(banner, status, width);
  return 1 + lines.text.length + lines.detail.length + lines.requestId.length;
}

/** Renders the banner (wrapped beforehand, so the screen knows its height). */
export function ErrorBanner(props: ErrorBannerProps) {
  const { banner, status } = props;
  const theme = useTheme();
  const { columns } = useTerminalSize();
  const tone = banner.kind === 'message' ? TONES[banner.tone] : TONES.error;
  const lines = bannerLines(banner, status, columns - 1);
  return (
    <Box flexDirection="column" marginTop={1} flexShrink={0}>
      {lines.text.map((line, i) => (
        <Text key={`t${i}`} color={theme.color(tone.tone)} wrap="truncate">{line}</Text>
      ))}
      {lines.detail.map((line, i) => (
        <Text key={`d${i}`} wrap="truncate">{line}</Text>
      ))}
      {lines.requestId.map((line, i) => (
        <Text key={`r${i}`} dimColor wrap="truncate">{line}</Text>
      ))}
    </Box>
  );
}

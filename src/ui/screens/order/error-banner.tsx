/**
 * The order screen's banner: the outcome of the last action, or why it was refused. States
 * that depend on the order ("no longer pending, now reviewed") are worded from the order as
 * it is now, which the screen has just refreshed.
 */
import { Box, Text } from 'ink';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import type { Banner, BannerTone } from './order-state.js';

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

function stateText(kind: 'not-pending' | 'not-reviewed' | 'gone', status: string | null | undefined): string {
  if (kind === 'gone' || status === null) return 'This return order is no longer available. Nothing was changed.';
  const now = status === undefined ? 'checking its status…' : `now ${status}`;
  return kind === 'not-pending'
    ? `This order is no longer pending, ${now}. Your review was not applied; the order was refreshed.`
    : `This order is no longer reviewed, ${now}. It was not received; the order was refreshed.`;
}

/** Renders the banner. */
export function ErrorBanner(props: ErrorBannerProps) {
  const { banner, status } = props;
  const theme = useTheme();
  const tone = banner.kind === 'message' ? TONES[banner.tone] : TONES.error;
  const text = banner.kind === 'message' ? banner.text : stateText(banner.kind, status);
  const detail = banner.kind === 'message' ? banner.detail : undefined;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={theme.color(tone.tone)} wrap="wrap">{`${tone.mark} ${sanitizeForTerminal(text)}`}</Text>
      {detail !== undefined && <Text wrap="wrap">{`  ${sanitizeForTerminal(detail)}`}</Text>}
      {banner.requestId !== undefined && <Text dimColor>{`  request id ${sanitizeForTerminal(banner.requestId)}`}</Text>}
    </Box>
  );
}

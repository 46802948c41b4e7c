/** The large, clear confirmation of the latest scan: a bold, double-bordered banner. */
import { Box, Text } from 'ink';
import { useTheme } from '../../context/theme-context.js';
import type { BannerText } from './scan-text.js';

/** Lines of text the banner shows under its title, at most. */
const MAX_LINES = 2;
/** Rows the double border takes. */
const BORDER_ROWS = 2;
/** Rows of padding above and below the text, when there is room for them. */
const PADDING_ROWS = 2;

/** Rows the banner needs to show at all (its border and title) and would use (with padding and its lines). */
export function scanBannerNeed(banner: BannerText): { readonly min: number; readonly want: number } {
  return { min: BORDER_ROWS + 1, want: BORDER_ROWS + PADDING_ROWS + 1 + Math.min(MAX_LINES, banner.lines.length) };
}

/** Renders `banner` large in `rows` rows: title in bold spaced capitals inside a double border (the padding goes first when rows are short). */
export function ScanBanner(props: { readonly banner: BannerText; readonly rows: number }) {
  const theme = useTheme();
  const color = theme.color(props.banner.tone);
  const isPadded = props.rows >= scanBannerNeed(props.banner).want;
  const lines = props.banner.lines.slice(0, Math.min(MAX_LINES, Math.max(0, props.rows - BORDER_ROWS - 1 - (isPadded ? PADDING_ROWS : 0))));
  return (
    <Box borderStyle="double" borderColor={color} paddingX={3} paddingY={isPadded ? 1 : 0} flexDirection="column">
      <Text bold color={color} wrap="truncate">{props.banner.title}</Text>
      {lines.map((line, i) => (
        <Text key={i} bold={i === 0} wrap="truncate">{line}</Text>
      ))}
    </Box>
  );
}

/** The large, clear confirmation of the latest scan: a bold, double-bordered banner. */
import { Box, Text } from 'ink';
import { useTheme } from '../../context/theme-context.js';
import type { BannerText } from './scan-text.js';

/** Lines the banner takes (border, padding, title, a blank line, up to two lines of text). */
export const BANNER_LINES = 8;

/** Renders `banner` large: title in bold spaced capitals inside a double border. */
export function ScanBanner(props: { readonly banner: BannerText }) {
  const theme = useTheme();
  const color = theme.color(props.banner.tone);
  return (
    <Box borderStyle="double" borderColor={color} paddingX={3} paddingY={1} flexDirection="column">
      <Text bold color={color}>{props.banner.title}</Text>
      {props.banner.lines.slice(0, 2).map((line, i) => (
        <Text key={i} bold={i === 0} wrap="truncate">{line}</Text>
      ))}
    </Box>
  );
}

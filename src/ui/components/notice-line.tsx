/**
 * The shared notice line at the bottom of every screen: one line, a longer notice cut in its
 * middle, so its subject and the instruction at its end ("…; press R to retry") both stay.
 */
import { Text } from 'ink';
import { memo } from 'react';
import { useNotice } from '../context/notice-context.js';
import { useTheme, type Tone } from '../context/theme-context.js';

const TONES: Record<'info' | 'warning' | 'error', Tone> = { info: 'accent', warning: 'warning', error: 'danger' };
const SYMBOLS = { info: 'ℹ', warning: '⚠', error: '✗' } as const;

/** The current notice, or an empty line (so the layout does not jump). Drawn again only when the notice changes. */
export const NoticeLine = memo(function NoticeLine() {
  const { notice } = useNotice();
  const theme = useTheme();
  if (!notice) return <Text> </Text>;
  return (
    <Text color={theme.color(TONES[notice.tone])} wrap="truncate-middle">
      {`${SYMBOLS[notice.tone]} ${notice.text}`}
    </Text>
  );
});

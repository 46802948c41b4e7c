/**
 * The full screen for an API key the console cannot use: what is wrong (missing,
 * malformed, unknown or revoked), which profile and service it was for, and where keys
 * are created. q quits; P switches to another profile when the config file has more.
 */
import { Box, Text } from 'ink';
import type { AuthFailure } from '../app-state.js';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import { boundLabel } from '../keys/match.js';
import { useKeyBindings } from '../keys/use-key-bindings.js';
import { useKeyTable } from '../keys/use-key-table.js';
import { wrapToWidth } from '../../format/width.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import { fixedPart, PRIORITY, ScreenParts, spacerPart } from '../layout/screen-parts.js';
import { footerPart, useFooterRows } from './key-hints.js';

export interface AuthErrorScreenProps {
  readonly failure: AuthFailure;
  /** Other profiles exist: P switches to one (this profile's key problem traps no one). */
  readonly canSwitch?: boolean;
  /** Rows of the screen. */
  readonly height: number;
}

const HEADLINES: Record<AuthFailure['problem'], string> = {
  missing: 'No API key: the service needs one and none was sent.',
  malformed: 'The API key is malformed, so it was not sent.',
  rejected: 'The service refused the API key: it is unknown, or it was revoked.',
};

/** What went wrong with the key, in one sentence. */
export function authHeadline(failure: AuthFailure): string {
  return HEADLINES[failure.problem];
}

/** Renders the authentication failure screen in `height` rows. */
export function AuthErrorScreen(props: AuthErrorScreenProps) {
  const { profile } = useServices();
  const switchKey = boundLabel('global', 'switch-profile', useKeyTable());
  const theme = useTheme();
  // Only the global keys (q quits, ? help) work here; the app shell handles them.
  useKeyBindings('global', () => undefined);
  const { failure } = props;
  // One column of margin each side, one spare at the right edge.
  const width = Math.max(10, useTerminalSize().columns - 3);
  const footer = footerPart(useFooterRows('global', width));
  const text = (key: string, words: string, priority: number, style: { readonly bold?: boolean; readonly color?: string } = {}) => {
    const lines = wrapToWidth(words, width);
    return fixedPart(key, lines.length, priority, () =>
      lines.map((line, i) => (
        <Text key={i} bold={style.bold} color={style.color} wrap="truncate">
          {line}
        </Text>
      )),
    );
  };
  return (
    <Box paddingX={1} flexDirection="column">
      <ScreenParts
        height={props.height}
        parts={[
          text('headline', `✗ ${authHeadline(failure)}`, PRIORITY.header, { bold: true, color: theme.color('danger') }),
          spacerPart('gap-1'),
          text('details', `Details: ${sanitizeForTerminal(failure.message)} [${sanitizeForTerminal(failure.code)}]`, PRIORITY.outcome),
          text('profile', sanitizeForTerminal(`Profile: ${profile.name} · service: ${profile.serviceHost}`), PRIORITY.outcome),
          spacerPart('gap-2'),
          text('what-title', 'What to do', PRIORITY.content, { bold: true }),
          text('step-1', '1. Create a key in the retailer dashboard: Account settings → API keys. Give it a descriptive name; the full key is shown once, so copy it then.', PRIORITY.content),
          text('step-2', '2. Give it to the console: export RETURNS_API_KEY, or set key_env, key_file or key_command in your profile of the config file (`returns-console config` shows what is used).', PRIORITY.content),
          text('step-3', '3. Start the console again. A key is sk_ followed by 64 hexadecimal characters; a revoked key stops working at once.', PRIORITY.content),
          props.canSwitch && switchKey
            ? text('switch', `Or press ${switchKey} to switch to another profile (shop); this one is opened again, its key read again, when you come back.`, PRIORITY.outcome)
            : null,
          spacerPart('footer-gap'),
          footer,
        ]}
      />
    </Box>
  );
}

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
import { KeyHints } from './key-hints.js';

export interface AuthErrorScreenProps {
  readonly failure: AuthFailure;
  /** Other profiles exist: P switches to one (this profile's key problem traps no one). */
  readonly canSwitch?: boolean;
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

/** Renders the authentication failure screen. */
export function AuthErrorScreen(props: AuthErrorScreenProps) {
  const { profile } = useServices();
  const switchKey = boundLabel('global', 'switch-profile', useKeyTable());
  const theme = useTheme();
  // Only the global keys (q quits, ? help) work here; the app shell handles them.
  useKeyBindings('global', () => undefined);
  const { failure } = props;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('danger')}>{`✗ ${authHeadline(failure)}`}</Text>
      <Text> </Text>
      <Text wrap="wrap">{`Details: ${sanitizeForTerminal(failure.message)} [${sanitizeForTerminal(failure.code)}]`}</Text>
      <Text wrap="wrap">{sanitizeForTerminal(`Profile: ${profile.name} · service: ${profile.serviceHost}`)}</Text>
      <Text> </Text>
      <Text bold>What to do</Text>
      <Text wrap="wrap">
        1. Create a key in the retailer dashboard: Account settings → API keys. Give it a descriptive name; the full key is shown once, so copy it then.
      </Text>
      <Text wrap="wrap">
        2. Give it to the console: export RETURNS_API_KEY, or set key_env, key_file or key_command in your profile of the config file (`returns-console config` shows what is used).
      </Text>
      <Text wrap="wrap">3. Start the console again. A key is sk_ followed by 64 hexadecimal characters; a revoked key stops working at once.</Text>
      {props.canSwitch && switchKey ? <Text wrap="wrap">Or press {switchKey} to switch to another profile (shop); this one is opened again, its key read again, when you come back.</Text> : null}
      <Text> </Text>
      <KeyHints scope="global" />
    </Box>
  );
}

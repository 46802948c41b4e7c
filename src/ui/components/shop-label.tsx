/**
 * Which shop the screen shows: the profile and host, or the sandbox badge. Every screen's
 * header starts with it, so after a switch of profile nobody wonders whose orders these are.
 */
import { Text } from 'ink';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import type { ConsoleProfile } from '../services.js';

const SANDBOX_BADGE = ' SANDBOX · demo data ';

/** The label's text (for its width): the badge, or "profile @ host". */
export function shopLabelText(profile: ConsoleProfile): string {
  return profile.isSandbox ? SANDBOX_BADGE : sanitizeForTerminal(`${profile.name} @ ${profile.serviceHost}`);
}

/** "north @ returns.example.com", or " SANDBOX · demo data " (inverse). */
export function ShopLabel() {
  const { profile } = useServices();
  const theme = useTheme();
  return profile.isSandbox ? (
    <Text bold inverse color={theme.color('badge')}>
      {SANDBOX_BADGE}
    </Text>
  ) : (
    <Text bold>{shopLabelText(profile)}</Text>
  );
}

/**
 * Which shop the screen shows: the profile and host, or the sandbox badge. Every screen's
 * header starts with it, so after a switch of profile nobody wonders whose orders these are.
 */
import { Text } from 'ink';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';

/** "north @ returns.example.com", or " SANDBOX · demo data " (inverse). */
export function ShopLabel() {
  const { profile } = useServices();
  const theme = useTheme();
  return profile.isSandbox ? (
    <Text bold inverse color={theme.color('badge')}>
      {' SANDBOX · demo data '}
    </Text>
  ) : (
    <Text bold>{sanitizeForTerminal(`${profile.name} @ ${profile.serviceHost}`)}</Text>
  );
}

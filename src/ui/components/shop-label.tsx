/**
 * Which shop the screen shows: the profile's label (e.g. PRODUCTION) in its colour, the
 * profile and host, or the sandbox badge. Every screen's header starts with it, the scan
 * banner and the command line show it, so after a switch of profile nobody wonders whose
 * orders these are. The label is words, not only a colour: it shows as text with NO_COLOR,
 * and a screen reader reads "Shop north at …, PRODUCTION".
 */
import { Text } from 'ink';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import type { ConsoleProfile } from '../services.js';

const SANDBOX_BADGE = ' SANDBOX · demo data ';

/** The label as a badge, " PRODUCTION ", or '' without one. */
export function labelBadge(profile: ConsoleProfile): string {
  return profile.label ? sanitizeForTerminal(` ${profile.label} `) : '';
}

/** The label's text (for its width): the badge and "profile @ host", or the sandbox badge. */
export function shopLabelText(profile: ConsoleProfile): string {
  const badge = labelBadge(profile);
  const shop = profile.isSandbox ? SANDBOX_BADGE : sanitizeForTerminal(`${profile.name} @ ${profile.serviceHost}`);
  return badge ? `${badge} ${shop}` : shop;
}

/** What a screen reader says for the shop. */
function spokenShop(profile: ConsoleProfile): string {
  const shop = profile.isSandbox ? 'the built-in sandbox with demo data' : `${profile.name} at ${profile.serviceHost}`;
  return sanitizeForTerminal(`Shop ${shop}${profile.label ? `, ${profile.label}` : ''}`);
}

/** The profile's label alone, as a badge in its colour (nothing without one). */
export function LabelBadge() {
  const { profile } = useServices();
  const theme = useTheme();
  const badge = labelBadge(profile);
  return badge ? (
    <Text bold inverse color={theme.shopColor(profile.color)}>
      {badge}
    </Text>
  ) : null;
}

/** " PRODUCTION  north @ returns.example.com" (label badge in its colour), or " SANDBOX · demo data " (inverse). */
export function ShopLabel() {
  const { profile } = useServices();
  const theme = useTheme();
  const shopColor = theme.shopColor(profile.color);
  return (
    <Text aria-label={spokenShop(profile)}>
      {profile.label ? (
        <>
          <LabelBadge />{' '}
        </>
      ) : null}
      {profile.isSandbox ? (
        <Text bold inverse color={theme.color('badge')}>
          {SANDBOX_BADGE}
        </Text>
      ) : (
        <Text bold color={shopColor}>
          {sanitizeForTerminal(`${profile.name} @ ${profile.serviceHost}`)}
        </Text>
      )}
    </Text>
  );
}

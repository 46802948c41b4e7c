/**
 * The footer: hints for a scope, straight from the binding table. Keys that do nothing here
 * are shown as off, with why (read-only mode, or what the screen says, e.g. an order that is
 * not pending), so nobody wonders why a key does nothing.
 */
import { Box, Text } from 'ink';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import type { KeyAction, KeyBinding, KeyScope } from '../keys/bindings.js';
import { hintBindings } from '../keys/match.js';

export interface KeyHintsProps {
  /** One scope, or several (their hints are joined, first scope first, without repeats). */
  readonly scope: KeyScope | readonly KeyScope[];
  /** Actions that do nothing on this screen now, with why in a few words. */
  readonly offActions?: ReadonlyMap<KeyAction, string>;
}

/** Renders the footer hints of `scope`. */
export function KeyHints(props: KeyHintsProps) {
  const { isReadOnly } = useServices();
  const theme = useTheme();
  const scopes: readonly KeyScope[] = typeof props.scope === 'string' ? [props.scope] : props.scope;
  const seen = new Set<string>();
  const hints: KeyBinding[] = [];
  for (const scope of scopes) {
    for (const b of hintBindings(scope)) {
      if (seen.has(b.label)) continue;
      seen.add(b.label);
      hints.push(b);
    }
  }
  return (
    <Box flexWrap="wrap" columnGap={2}>
      {hints.map((b) => {
        const why = isReadOnly && b.isMutating ? 'read-only' : props.offActions?.get(b.action);
        const isOff = why !== undefined;
        const word = b.hint ?? b.description;
        return (
          <Text key={`${b.scope}:${b.action}`} dimColor={isOff}>
            <Text bold={!isOff} color={isOff ? undefined : theme.color('accent')}>{b.label}</Text>
            {` ${word}${isOff ? ` (off: ${why})` : ''}`}
          </Text>
        );
      })}
    </Box>
  );
}

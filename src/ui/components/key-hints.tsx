/**
 * The footer: hints for a scope, straight from the binding table. Keys that do nothing here
 * are shown as off, with why (read-only mode, or what the screen says, e.g. an order that is
 * not pending), so nobody wonders why a key does nothing.
 */
import { Box, Text } from 'ink';
import { memo } from 'react';
import { displayWidth } from '../../format/width.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import type { KeyAction, KeyBinding, KeyScope } from '../keys/bindings.js';
import { hintBindings, type KeyTable } from '../keys/match.js';
import { useKeyTable } from '../keys/use-key-table.js';

export interface KeyHintsProps {
  /** One scope, or several (their hints are joined, first scope first, without repeats). */
  readonly scope: KeyScope | readonly KeyScope[];
  /** Actions that do nothing on this screen now, with why in a few words. */
  readonly offActions?: ReadonlyMap<KeyAction, string>;
}

/** One hint of the footer: its binding, the words after the key, and why it is off. */
export interface Hint {
  readonly binding: KeyBinding;
  readonly words: string;
  readonly offWhy: string | undefined;
}

/** Columns between two hints. */
const HINT_GAP = 2;

/** The hints of `scope` (pure): bindings, their words, and which are off and why. */
export function footerHints(
  scope: KeyHintsProps['scope'],
  isReadOnly: boolean,
  offActions?: ReadonlyMap<KeyAction, string>,
  table?: KeyTable,
): readonly Hint[] {
  const scopes: readonly KeyScope[] = typeof scope === 'string' ? [scope] : scope;
  const seen = new Set<string>();
  const hints: Hint[] = [];
  for (const s of scopes) {
    for (const b of hintBindings(s, table)) {
      if (seen.has(b.label)) continue;
      seen.add(b.label);
      const offWhy = isReadOnly && b.isMutating ? 'read-only' : offActions?.get(b.action);
      hints.push({ binding: b, words: ` ${b.hint ?? b.description}${offWhy !== undefined ? ` (off: ${offWhy})` : ''}`, offWhy });
    }
  }
  return hints;
}

/** Lines the footer takes at `width` columns (hints wrap whole, as the footer draws them). */
export function footerLineCount(hints: readonly Hint[], width: number): number {
  let lines = hints.length > 0 ? 1 : 0;
  let used = 0;
  for (const h of hints) {
    const w = displayWidth(h.binding.label + h.words);
    if (used > 0 && used + HINT_GAP + w > width) {
      lines++;
      used = w;
    } else {
      used += (used > 0 ? HINT_GAP : 0) + w;
    }
  }
  return lines;
}

/**
 * Renders the footer hints of `scope`. Memoized: a key on the screen above does not draw the
 * footer again (a Text drawn again is a row Ink's Output builds again, src/ui/ink/row-cached-output.ts).
 */
export const KeyHints = memo(function KeyHints(props: KeyHintsProps) {
  const { isReadOnly } = useServices();
  const theme = useTheme();
  const hints = footerHints(props.scope, isReadOnly, props.offActions, useKeyTable());
  return (
    <Box flexWrap="wrap" columnGap={HINT_GAP}>
      {hints.map(({ binding: b, words, offWhy }) => {
        const isOff = offWhy !== undefined;
        return (
          <Text key={`${b.scope}:${b.action}`} dimColor={isOff}>
            <Text bold={!isOff} color={isOff ? undefined : theme.color('accent')}>{b.label}</Text>
            {words}
          </Text>
        );
      })}
    </Box>
  );
});

/**
 * The footer: the keys of a scope, chosen from the key table by their rank (bindings.ts
 * `hintRank`): the screen's main jobs and `?` always, then more while they fit on the lines
 * those take, so a wider terminal shows more and `?` lists the rest. A key that does nothing
 * on the screen now (read-only mode, an order that is not pending) goes last, marked off
 * with why; pressing it says why in full.
 */
import { Box, Text } from 'ink';
import { memo } from 'react';
import { displayWidth } from '../../format/width.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import type { KeyAction, KeyBinding, KeyScope } from '../keys/bindings.js';
import type { KeyState } from '../keys/disabled-reasons.js';
import { hintBindings, offReason, type KeyTable } from '../keys/match.js';
import { useKeyTable } from '../keys/use-key-table.js';
import { fixedPart, PRIORITY, type ScreenPart } from '../layout/screen-parts.js';

/** One hint of the footer: its binding, the words after the key, and why it is off. */
export interface Hint {
  readonly binding: KeyBinding;
  readonly words: string;
  readonly offWhy: string | undefined;
}

/** Columns between two hints. */
const HINT_GAP = 2;
/** The rank after every rank of the table: keys that are off now. */
const OFF_RANK = 4;

/** A scope, or several (their hints are joined, first scope first, without repeats). */
export type HintScopes = KeyScope | readonly KeyScope[];

/** What a screen says about its keys now: the state its keys' `disabledReason` reads, and which keys it does not show (they mean something else at this moment). */
export interface FooterOptions {
  readonly keyState?: KeyState;
  readonly hidden?: ReadonlySet<KeyAction>;
}

/** Every hint the scopes can show, in reading order (the scopes' own keys, then the global ones), with which are off and why (pure). */
export function footerHints(scope: HintScopes, isReadOnly: boolean, options: FooterOptions = {}, table?: KeyTable): readonly Hint[] {
  const { keyState, hidden } = options;
  const scopes: readonly KeyScope[] = typeof scope === 'string' ? [scope] : scope;
  const seen = new Set<string>();
  const hints: Hint[] = [];
  for (const s of scopes) {
    for (const b of hintBindings(s, table)) {
      if (seen.has(b.label) || (b.scope !== 'global' && hidden?.has(b.action))) continue;
      seen.add(b.label);
      const offWhy = offReason(b, isReadOnly, keyState)?.short;
      hints.push({ binding: b, words: ` ${b.hint ?? b.description}${offWhy !== undefined ? ` (off: ${offWhy})` : ''}`, offWhy });
    }
  }
  return hints;
}

const rankOf = (h: Hint) => (h.offWhy !== undefined ? OFF_RANK : (h.binding.hintRank ?? OFF_RANK));
const widthOf = (h: Hint) => displayWidth(h.binding.label + h.words);

/** `hints` in rows of at most `width` columns, whole hints in their order (a hint wider than a row has one of its own). */
export function hintRows(hints: readonly Hint[], width: number): Hint[][] {
  const rows: Hint[][] = [];
  let used = 0;
  for (const h of hints) {
    const w = widthOf(h);
    const row = rows.at(-1);
    if (row && used + HINT_GAP + w <= width) {
      row.push(h);
      used += HINT_GAP + w;
    } else {
      rows.push([h]);
      used = w;
    }
  }
  return rows;
}

/**
 * The footer's rows at `width` columns (pure): every main job (rank 1), on as many rows as
 * they need, then the other hints by rank (in reading order within a rank) while they fit on
 * those rows; the first that does not fit ends the footer, so a key is never shown while
 * one that ranks above it is left out. Shown in reading order.
 */
export function chooseFooter(hints: readonly Hint[], width: number): Hint[][] {
  const chosen = new Set(hints.filter((h) => rankOf(h) === 1));
  const rows = hintRows(hints.filter((h) => chosen.has(h)), width).length;
  const rest = hints.filter((h) => !chosen.has(h)).sort((a, b) => rankOf(a) - rankOf(b));
  for (const h of rest) {
    chosen.add(h);
    if (hintRows(hints.filter((x) => chosen.has(x)), width).length > Math.max(1, rows)) {
      chosen.delete(h);
      break;
    }
  }
  return hintRows(hints.filter((h) => chosen.has(h)), width);
}

/** The footer rows of `scope` on this console (its key table and read-only mode), `width` columns wide. */
export function useFooterRows(scope: HintScopes, width: number, options?: FooterOptions): Hint[][] {
  const { isReadOnly } = useServices();
  return chooseFooter(footerHints(scope, isReadOnly, options, useKeyTable()), width);
}

/** The footer as a part of a screen: its rows, kept before the content (the keys stay on screen). */
export function footerPart(rows: readonly (readonly Hint[])[], key = 'footer'): ScreenPart {
  return fixedPart(key, rows.length, PRIORITY.footer, () => <KeyHints rows={rows} />);
}

/**
 * Renders footer rows. Memoized on its rows' hints: a key on the screen above does not draw
 * the footer again (a Text drawn again is a row Ink's Output builds again, src/ui/ink/row-cached-output.ts).
 */
export const KeyHints = memo(
  function KeyHints(props: { readonly rows: readonly (readonly Hint[])[] }) {
    const theme = useTheme();
    return (
      <Box flexDirection="column">
        {props.rows.map((row, i) => (
          <Text key={i} wrap="truncate">
            {row.map(({ binding: b, words, offWhy }, k) => {
              const isOff = offWhy !== undefined;
              return (
                <Text key={`${b.scope}:${b.action}`} dimColor={isOff}>
                  {k > 0 ? ' '.repeat(HINT_GAP) : ''}
                  <Text bold={!isOff} color={isOff ? undefined : theme.color('accent')}>{b.label}</Text>
                  {words}
                </Text>
              );
            })}
          </Text>
        ))}
      </Box>
    );
  },
  (a, b) => a.rows.length === b.rows.length && a.rows.every((row, i) => row.length === b.rows[i]!.length && row.every((h, k) => sameHint(h, b.rows[i]![k]!))),
);

const sameHint = (a: Hint, b: Hint) => a.binding === b.binding && a.words === b.words && a.offWhy === b.offWhy;

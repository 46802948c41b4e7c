/**
 * A screen drawn as a column of parts, each in the rows `shareRows` gives it (share-rows.ts).
 * A screen has no other way to put something on screen, so no part can be left out of the
 * count: every part says what it needs and draws within what it gets, a part that does not
 * fit is left out whole, and the frame is never taller than the screen. Each part has a box
 * of its own, so even a part that drew more lines than it said could only hide its own
 * lines, never draw over another part (the tests' layout oracle reports both).
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { shareRows, type RowNeed } from './share-rows.js';

/** One part of a screen: what it needs, and how it is drawn in the rows it gets. */
export interface ScreenPart extends RowNeed {
  readonly key: string;
  /** Draws the part in at most `rows` rows. */
  readonly render: (rows: number) => ReactNode;
}

/**
 * Priorities of the parts screens have in common (lower is served first): the prompt or
 * question the user is answering, the keys and the outcome of what they did, the screen's
 * heading, its content, then the blank lines that only space it out.
 */
export const PRIORITY = {
  prompt: 0,
  footer: 1,
  outcome: 2,
  header: 3,
  content: 5,
  aside: 7,
  spacing: 9,
} as const;

/** A part shown whole or not at all: `lines` rows. */
export function fixedPart(key: string, lines: number, priority: number, render: () => ReactNode): ScreenPart {
  return { key, min: lines, want: lines, priority, render };
}

/** One blank row between parts: it needs none (every other part is served first) and is the first to go when rows are short. */
export function spacerPart(key: string): ScreenPart {
  return { key, min: 0, want: 1, priority: PRIORITY.spacing, render: () => <Text> </Text> };
}

export interface ScreenPartsProps {
  /** Rows of the screen. */
  readonly height: number;
  /** Top to bottom; `false` and `null` entries are skipped (parts shown only sometimes). */
  readonly parts: readonly (ScreenPart | false | null | undefined)[];
}

/** The rows the part named `key` gets among `parts` on a screen of `height` rows (0 when it is left out or absent). */
export function partRows(height: number, parts: ScreenPartsProps['parts'], key: string): number {
  const shown = parts.filter((p): p is ScreenPart => Boolean(p));
  const at = shown.findIndex((p) => p.key === key);
  return at === -1 ? 0 : (shareRows(height, shown)[at] ?? 0);
}

/** Renders the parts top to bottom, each in its share of `height` rows. */
export function ScreenParts(props: ScreenPartsProps) {
  const parts = props.parts.filter((p): p is ScreenPart => Boolean(p));
  const rows = shareRows(props.height, parts);
  return (
    <Box flexDirection="column" height={Math.max(0, props.height)} flexShrink={0} overflowY="hidden">
      {parts.map((part, i) =>
        rows[i]! > 0 ? (
          <Box key={part.key} flexDirection="column" height={rows[i]} flexShrink={0} overflowY="hidden">
            {part.render(rows[i]!)}
          </Box>
        ) : null,
      )}
    </Box>
  );
}

/**
 * "Did you mean …" for a mistyped word (a status, a flag, a command): the closest known
 * words by edit distance. Written here rather than taken from a package: it is twenty
 * lines over lists of a few dozen short words, and the choice of threshold is ours. Pure.
 */

/**
 * Edit distance between two strings, by code unit: insertions, deletions, substitutions and
 * swaps of two neighbours (optimal string alignment), the usual typing slips.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known words closest to `input` (case-insensitive), best first: at most a third of the
 * longer word's letters changed (at least 1, at most 3), so `pendng` finds `pending` but
 * `x` does not find everything. When none is that close, the known words that start with
 * the input (`rev` → `reviewed`). Empty when nothing is close.
 */
export function closestMatches(input: string, known: readonly string[], limit = 3): string[] {
  const typed = input.toLowerCase();
  if (typed === '') return [];
  const others = known.filter((word) => word !== input);
  const close = others
    .map((word) => ({ word, distance: editDistance(typed, word.toLowerCase()) }))
    .filter(({ word, distance }) => distance <= Math.min(3, Math.max(1, Math.floor(Math.max(typed.length, word.length) / 3))))
    .sort((x, y) => x.distance - y.distance);
  if (close.length > 0) return close.slice(0, limit).map((c) => c.word);
  return typed.length >= 3 ? others.filter((word) => word.toLowerCase().startsWith(typed)).slice(0, limit) : [];
}

/**
 * " Did you mean pending?" / " Did you mean --status or --ids?" / "" when nothing is close;
 * `show` writes each word as it is typed (":status" for a command).
 */
export function didYouMean(input: string, known: readonly string[], show: (word: string) => string = (word) => word): string {
  const matches = closestMatches(input, known).map(show);
  if (matches.length === 0) return '';
  const last = matches.pop()!;
  return ` Did you mean ${matches.length ? `${matches.join(', ')} or ${last}` : last}?`;
}

/**
 * After a name that is not one of `known`: "(profiles: north, south). Did you mean north?", the
 * names listed (`none` when there are none) and the closest of them. `kind` is plural.
 */
export function knownNamesHint(input: string, known: readonly string[], kind: string, none = 'none'): string {
  return `(${kind}: ${known.length > 0 ? known.join(', ') : none}).${didYouMean(input, known)}`;
}

/**
 * The commands' one-line progress on stderr (a terminal only): each update rewrites the line,
 * and the line is cleared before anything else is written there.
 */

/** Back to the line's start and erase it. */
export const CLEAR_LINE = '\r\u001b[2K';

/** `text` as the progress line, in place of the one before. */
export function progressText(text: string): string {
  return `${CLEAR_LINE}${text}`;
}

/**
 * Colour for terminal output: on only for a terminal, off with NO_COLOR (any non-empty
 * value, see no-color.org), `--no-color` or TERM=dumb. Colour only ever adds emphasis to
 * text that already says the same thing in words.
 */

/** The colours a profile may give its shop (`color` in the config file): the ones every terminal has. */
export const SHOP_COLORS = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan'] as const;
export type ShopColor = (typeof SHOP_COLORS)[number];

/** A function that wraps text in one style (identity when colour is off). */
export type Paint = (text: string) => string;

export interface Style {
  readonly isEnabled: boolean;
  readonly bold: Paint;
  readonly dim: Paint;
  readonly red: Paint;
  readonly green: Paint;
  readonly yellow: Paint;
  readonly blue: Paint;
  readonly magenta: Paint;
  readonly cyan: Paint;
}

const sgr =
  (open: number, close: number): Paint =>
  (text) =>
    text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`;

const identity: Paint = (text) => text;

/** A palette; every function is the identity when `isEnabled` is false. */
export function createStyle(isEnabled: boolean): Style {
  const p = (open: number, close: number) => (isEnabled ? sgr(open, close) : identity);
  return {
    isEnabled,
    bold: p(1, 22),
    dim: p(2, 22),
    red: p(31, 39),
    green: p(32, 39),
    yellow: p(33, 39),
    blue: p(34, 39),
    magenta: p(35, 39),
    cyan: p(36, 39),
  };
}

/** Whether to colour a stream, from the environment, the stream and `--no-color`. */
export function isColorEnabled(input: {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly isTTY: boolean;
  readonly isNoColorFlag?: boolean;
}): boolean {
  if (input.isNoColorFlag) return false;
  if ((input.env.NO_COLOR ?? '') !== '') return false;
  if (input.env.TERM === 'dumb') return false;
  return input.isTTY;
}

/**
 * Colour policy. NO_COLOR and --no-color turn colour off (Ink's chalk does not read
 * NO_COLOR); meaning is always carried by words and symbols too, so colour is only a help.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createStyle, type ShopColor, type Style } from '../../format/style.js';

/** Named tones; components ask for a tone, never a raw colour. */
export type Tone = 'accent' | 'good' | 'warning' | 'danger' | 'muted' | 'badge';

const TONE_COLORS: Record<Tone, string> = {
  accent: 'cyan',
  good: 'green',
  warning: 'yellow',
  danger: 'red',
  muted: 'gray',
  badge: 'magenta',
};

export interface Theme {
  readonly isColor: boolean;
  /** The colour of a tone, or undefined when colour is off. */
  readonly color: (tone: Tone) => string | undefined;
  /** The shared palette of src/format (for status words painted inside table cells). */
  readonly style: Style;
  /** A profile's own colour (its `color`), or undefined when colour is off. */
  readonly shopColor: (color: ShopColor | null | undefined) => string | undefined;
}

/** Builds a theme; colour is on only when `isColor`. */
export function makeTheme(isColor: boolean): Theme {
  return {
    isColor,
    color: (tone) => (isColor ? TONE_COLORS[tone] : undefined),
    style: createStyle(isColor),
    shopColor: (color) => (isColor && color ? color : undefined),
  };
}

/** True when the environment or the arguments ask for no colour (https://no-color.org). */
export function isColorDisabled(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  return (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || argv.includes('--no-color');
}

const ThemeContext = createContext<Theme>(makeTheme(false));

/** Provides the theme to the console. */
export function ThemeProvider(props: { readonly theme: Theme; readonly children?: ReactNode }) {
  return <ThemeContext.Provider value={props.theme}>{props.children}</ThemeContext.Provider>;
}

/** The current theme (colour off outside a provider). */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}

/**
 * A terminal screen as an SVG picture: every cell of a headless xterm's buffer with its
 * colours and attributes, in a window frame. For the README's picture of the console
 * (scripts/gen-console-picture.ts). The output depends only on the cells, so the same screen
 * gives the same file.
 */
import type { IBuffer, IBufferCell } from '@xterm/headless';

export interface SvgTheme {
  readonly background: string;
  readonly foreground: string;
  /** The 16 ANSI colours (0-7 normal, 8-15 bright); 16-255 are xterm's cube and greys. */
  readonly ansi: readonly string[];
  readonly fontFamily: string;
  readonly fontSize: number;
  readonly cellWidth: number;
  readonly lineHeight: number;
  readonly padding: number;
}

/** A dark theme with a monospace font whose advance is 0.6 em. */
export const DARK_THEME: SvgTheme = {
  background: '#1e2127',
  foreground: '#d7dae0',
  ansi: [
    '#3f4451', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#d7dae0',
    '#5c6370', '#ff7a85', '#b5e890', '#ffd68a', '#7dc4ff', '#de94f0', '#6fd4e0', '#ffffff',
  ],
  fontFamily: "ui-monospace, 'SFMono-Regular', 'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace",
  fontSize: 14,
  cellWidth: 8.4,
  lineHeight: 18,
  padding: 14,
};

/** Height of the window's title bar. */
const TITLE_BAR = 30;

/** Colour `index` of xterm's 256-colour palette. */
export function paletteColor(theme: SvgTheme, index: number): string {
  if (index < 16) return theme.ansi[index]!;
  if (index < 232) {
    const levels = [0, 95, 135, 175, 215, 255];
    const i = index - 16;
    return hex(levels[Math.floor(i / 36)]!, levels[Math.floor(i / 6) % 6]!, levels[i % 6]!);
  }
  const grey = 8 + (index - 232) * 10;
  return hex(grey, grey, grey);
}

function hex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** One cell's look, resolved to colours (inverse applied). */
interface Look {
  readonly fg: string;
  /** Null: the screen's background. */
  readonly bg: string | null;
  readonly isBold: boolean;
  readonly isDim: boolean;
  readonly isItalic: boolean;
  readonly isUnderline: boolean;
}

function lookOf(cell: IBufferCell, theme: SvgTheme): Look {
  const color = (isDefault: boolean, isRgb: boolean, value: number): string | null =>
    isDefault ? null : isRgb ? `#${value.toString(16).padStart(6, '0')}` : paletteColor(theme, value);
  let fg = color(cell.isFgDefault(), cell.isFgRGB(), cell.getFgColor()) ?? theme.foreground;
  let bg = color(cell.isBgDefault(), cell.isBgRGB(), cell.getBgColor());
  if (cell.isInverse()) [fg, bg] = [bg ?? theme.background, fg];
  if (cell.isInvisible()) fg = bg ?? theme.background;
  return { fg, bg, isBold: cell.isBold() !== 0, isDim: cell.isDim() !== 0, isItalic: cell.isItalic() !== 0, isUnderline: cell.isUnderline() !== 0 };
}

const sameLook = (a: Look, b: Look) =>
  a.fg === b.fg && a.bg === b.bg && a.isBold === b.isBold && a.isDim === b.isDim && a.isItalic === b.isItalic && a.isUnderline === b.isUnderline;

/** A run of cells of one look on one row. */
export interface Run {
  readonly row: number;
  readonly col: number;
  /** Columns it covers (a wide character covers two). */
  readonly cells: number;
  readonly text: string;
  readonly look: Look;
}

/** The runs of the visible screen, left to right, top to bottom. */
export function screenRuns(buffer: IBuffer, size: { readonly cols: number; readonly rows: number }, theme: SvgTheme = DARK_THEME): Run[] {
  const runs: Run[] = [];
  const cell = buffer.getNullCell();
  for (let row = 0; row < size.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    if (!line) continue;
    let current: { col: number; cells: number; text: string; look: Look } | null = null;
    for (let col = 0; col < size.cols; col++) {
      if (!line.getCell(col, cell)) break;
      const width = cell.getWidth();
      if (width === 0) continue; // the second column of a wide character
      const look = lookOf(cell, theme);
      const text = cell.getChars() || ' ';
      if (current && sameLook(current.look, look)) {
        current.cells += width;
        current.text += text;
      } else {
        if (current) runs.push({ row, ...current });
        current = { col, cells: width, text, look };
      }
    }
    if (current) runs.push({ row, ...current });
  }
  return runs;
}

/** A number as SVG writes it: at most two decimals, no float noise. */
const n = (value: number) => String(Number(value.toFixed(2)));

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * The screen as an SVG document: a window frame titled `title`, then the cells. `label`
 * describes the picture for screen readers.
 */
export function renderScreenSvg(
  buffer: IBuffer,
  size: { readonly cols: number; readonly rows: number },
  options: { readonly title: string; readonly label: string; readonly theme?: SvgTheme },
): string {
  const theme = options.theme ?? DARK_THEME;
  const { padding: pad, cellWidth: cw, lineHeight: lh } = theme;
  const width = size.cols * cw + 2 * pad;
  const height = TITLE_BAR + size.rows * lh + 2 * pad;
  const x = (col: number) => n(pad + col * cw);
  const top = (row: number) => TITLE_BAR + pad + row * lh;
  const runs = screenRuns(buffer, size, theme);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" role="img" aria-label="${escapeXml(options.label)}">`,
    `<title>${escapeXml(options.label)}</title>`,
    `<rect width="${n(width)}" height="${n(height)}" rx="8" fill="${theme.background}"/>`,
    `<rect width="${n(width)}" height="${TITLE_BAR}" rx="8" fill="#2c313a"/>`,
    `<rect y="${TITLE_BAR - 8}" width="${n(width)}" height="8" fill="#2c313a"/>`,
    ...['#ff5f57', '#febc2e', '#28c840'].map((fill, i) => `<circle cx="${18 + i * 20}" cy="${TITLE_BAR / 2}" r="6" fill="${fill}"/>`),
    `<text x="${n(width / 2)}" y="${TITLE_BAR / 2 + 4}" text-anchor="middle" font-family="${escapeXml(theme.fontFamily)}" font-size="12" fill="#9da5b4">${escapeXml(options.title)}</text>`,
  ];
  for (const run of runs) {
    if (run.look.bg) out.push(`<rect x="${x(run.col)}" y="${n(top(run.row))}" width="${n(run.cells * cw)}" height="${lh}" fill="${run.look.bg}"/>`);
  }
  out.push(`<g font-family="${escapeXml(theme.fontFamily)}" font-size="${theme.fontSize}" xml:space="preserve">`);
  for (const run of runs) {
    if (run.text.trim() === '' && !run.look.isUnderline) continue;
    const attributes = [
      `x="${x(run.col)}"`,
      `y="${n(top(run.row) + lh * 0.75)}"`,
      `textLength="${n(run.cells * cw)}"`,
      `fill="${run.look.fg}"`,
      run.look.isBold ? 'font-weight="bold"' : '',
      run.look.isDim ? 'opacity="0.6"' : '',
      run.look.isItalic ? 'font-style="italic"' : '',
      run.look.isUnderline ? 'text-decoration="underline"' : '',
    ].filter((a) => a !== '');
    out.push(`<text ${attributes.join(' ')}>${escapeXml(run.text)}</text>`);
  }
  out.push('</g>', '</svg>');
  return `${out.join('\n')}\n`;
}

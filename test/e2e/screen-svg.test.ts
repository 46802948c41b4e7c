/**
 * The SVG renderer of the README's picture reads every cell of the emulator as a terminal
 * shows it: colours (16, 256, RGB), inverse, bold and dim, wide characters, and text that
 * must be escaped in XML.
 */
import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { DARK_THEME, paletteColor, renderScreenSvg, screenRuns } from '../helpers/screen-svg.js';

async function screenOf(data: string, cols = 20, rows = 3) {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  await new Promise<void>((resolve) => term.write(data, resolve));
  return { buffer: term.buffer.active, size: { cols, rows } };
}

describe('screen runs', () => {
  it('splits a row where the look changes and resolves colours', async () => {
    const { buffer, size } = await screenOf('ab\x1b[36mcd\x1b[39m\x1b[1mE\x1b[22m\x1b[38;5;196mF\x1b[38;2;1;2;3mG');
    const runs = screenRuns(buffer, size).filter((r) => r.row === 0);
    expect(runs.map((r) => [r.col, r.text.trimEnd(), r.look.fg, r.look.isBold])).toEqual([
      [0, 'ab', DARK_THEME.foreground, false],
      [2, 'cd', DARK_THEME.ansi[6], false],
      [4, 'E', DARK_THEME.foreground, true],
      [5, 'F', '#ff0000', false],
      [6, 'G', '#010203', false],
      [7, '', DARK_THEME.foreground, false],
    ]);
  });

  it('swaps the colours of inverse video, with the default background as text colour', async () => {
    const { buffer, size } = await screenOf('\x1b[7mx\x1b[33my\x1b[0m');
    const [x, y] = screenRuns(buffer, size);
    expect(x!.look).toMatchObject({ fg: DARK_THEME.background, bg: DARK_THEME.foreground });
    expect(y!.look).toMatchObject({ fg: DARK_THEME.background, bg: DARK_THEME.ansi[3] });
  });

  it('counts a wide character as two columns', async () => {
    const { buffer, size } = await screenOf('a界b\x1b[2mc');
    const [run, dim] = screenRuns(buffer, size);
    expect(run).toMatchObject({ col: 0, cells: 4, text: 'a界b' });
    expect(dim).toMatchObject({ col: 4, look: { isDim: true } });
  });

  it('follows the xterm palette for the cube and the greys', () => {
    expect([paletteColor(DARK_THEME, 16), paletteColor(DARK_THEME, 231), paletteColor(DARK_THEME, 232), paletteColor(DARK_THEME, 255)]).toEqual(['#000000', '#ffffff', '#080808', '#eeeeee']);
  });
});

describe('the SVG', () => {
  it('escapes the text, sizes each run to its columns and draws backgrounds', async () => {
    const { buffer, size } = await screenOf('<a&b>\x1b[41m"q"\x1b[0m');
    const svg = renderScreenSvg(buffer, size, { title: 't', label: 'a <label>' });
    expect(svg).toContain('>&lt;a&amp;b&gt;</text>');
    expect(svg).toContain('textLength="42"');
    expect(svg).toContain(`fill="${DARK_THEME.ansi[1]}"/>`);
    expect(svg).toContain('>&quot;q&quot;</text>');
    expect(svg).toContain('aria-label="a &lt;label&gt;"');
    expect(svg).not.toMatch(/\d\.\d{3,}/);
  });
});

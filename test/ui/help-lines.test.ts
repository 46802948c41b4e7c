/** The ? help at the terminal's width: nothing cut off at 80 columns, descriptions wrapped under themselves (pure). */
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { helpLines, wrapHelpLines } from '../../src/ui/components/help-lines.js';
import { KEY_BINDINGS } from '../../src/ui/keys/bindings.js';

const lines = helpLines(['list'], false, KEY_BINDINGS);
const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');

describe('help lines', () => {
  it('at 80 columns every line fits and every word of every description is shown', () => {
    const shown = wrapHelpLines(lines, 80);
    for (const line of shown) expect(displayWidth(line.text), line.text).toBeLessThanOrEqual(80);
    expect(words(shown.map((l) => l.text).join(' '))).toEqual(words(lines.map((l) => `${l.lead}${l.text}`).join(' ')));
  });

  it("a long description goes on under itself, after the keys' column", () => {
    const shown = wrapHelpLines(lines, 80).map((l) => l.text);
    const at = shown.findIndex((t) => t.startsWith('  V ') && t.includes('Start a range here'));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(shown[at + 1]).toMatch(/^ {19}\S/);
    // Wide enough, the same help is one line per binding.
    expect(wrapHelpLines(lines, 200)).toHaveLength(lines.length);
  });

  it('titles stay one line, cut if need be; too narrow a room cuts instead of wrapping', () => {
    const narrow = wrapHelpLines(lines, 30);
    for (const line of narrow) expect(displayWidth(line.text)).toBeLessThanOrEqual(30);
    expect(narrow.filter((l) => l.isTitle)).toHaveLength(lines.filter((l) => l.isTitle).length);
  });
});

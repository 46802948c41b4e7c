/**
 * Our column widths and Ink's layout come from one string-width (package.json `overrides`
 * gives Ink's tree the version we use): a line fitted to a box's width stays one line. With
 * string-width 8 under Ink and 9 in our code, a watch in text style (U+231A U+FE0E) is two
 * columns to Ink and one to us, and the line below would wrap.
 */
import { createRequire } from 'node:module';
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { displayWidth, fitToWidth } from '../../src/format/width.js';

const ROOT = new URL('../../package.json', import.meta.url);

describe('one string-width for our columns and for Ink', () => {
  it('Ink and the libraries under it resolve the same string-width as our code', () => {
    const fromRoot = createRequire(ROOT);
    const ours = fromRoot.resolve('string-width');
    for (const user of ['ink', 'wrap-ansi', 'cli-truncate', 'slice-ansi', 'widest-line']) {
      expect(createRequire(fromRoot.resolve(user)).resolve('string-width'), user).toBe(ours);
    }
  });

  it('a line fitted to the box width is not wrapped by Ink', () => {
    const watch = '\u231A\uFE0E';
    const line = fitToWidth(`${watch.repeat(6)} order`, 12);
    expect(displayWidth(line)).toBe(12);
    const view = render(
      <Box width={12}>
        <Text>{line}</Text>
      </Box>,
    );
    expect(view.lastFrame()?.split('\n')).toEqual([line]);
    view.unmount();
  });
});

/**
 * A notice longer than the line (free text in it: a service's message, joined warnings) is
 * cut in its middle: what it is about and what to do, at its end, both stay on screen.
 */
import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { sanitizeForTerminal } from '../../src/format/sanitize.js';
import { NoticeLine } from '../../src/ui/components/notice-line.js';
import { NoticeProvider, useNotice } from '../../src/ui/context/notice-context.js';

function ShowOnMount(props: { readonly text: string }) {
  const { show } = useNotice();
  useEffect(() => show(sanitizeForTerminal(props.text), 'warning'), [show, props.text]);
  return null;
}

describe('the notice line', () => {
  it('cuts a notice too long for the line in its middle, keeping its start and its instruction', async () => {
    const text = `The draft of #N1001 could not be saved (${'x'.repeat(60)}); your decisions are kept: press s to send them.`;
    const view = render(
      <NoticeProvider>
        <ShowOnMount text={text} />
        <Box width={80}>
          <NoticeLine />
        </Box>
      </NoticeProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    const line = view.lastFrame() ?? '';
    expect(displayWidth(line)).toBe(80);
    expect(line.startsWith('⚠ The draft of #N1001 could not be saved')).toBe(true);
    expect(line.endsWith('press s to send them.')).toBe(true);
    expect(line).toContain('…');
    view.unmount();
  });
});

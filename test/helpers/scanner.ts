/** Typing as a USB barcode scanner does, for the pty and the screen tests alike. */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Types `text` the way a USB scanner does: one character every `msPerChar`, on the scanner's
 * clock. When this process is scheduled late (a loaded machine) the characters already due
 * go out together, as the terminal would then hand them over: the scanner does not wait.
 */
export async function typeAsScanner(write: (chunk: string) => void, text: string, msPerChar = 8): Promise<void> {
  const chars = [...text];
  const start = performance.now();
  let sent = 0;
  while (sent < chars.length) {
    const due = Math.min(chars.length, Math.floor((performance.now() - start) / msPerChar) + 1);
    if (due > sent) {
      write(chars.slice(sent, due).join(''));
      sent = due;
    }
    await sleep(Math.max(1, start + sent * msPerChar - performance.now()));
  }
}

/**
 * Pressing a key that counts only on its own (src/ui/keys/deliberate.ts): a question's yes,
 * quit, scan mode, a profile switch. A person reads the question first; the tests wait as
 * long before such a key (the question armed, the input quiet), never less.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ARM_MS, QUIET_MS } from '../../src/ui/keys/deliberate.js';

/** The pause before a deliberate key: longer than a question's arming and the quiet it needs. */
export const DELIBERATE_PAUSE_MS = Math.max(ARM_MS, QUIET_MS) + 100;

/** Waits as a person does before a deliberate key. */
export function pauseForDeliberateKey(): Promise<void> {
  return sleep(DELIBERATE_PAUSE_MS);
}

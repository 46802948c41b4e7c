/**
 * The scan desk's sounds: the clerk looks at the parcel, not the screen, so a failed or
 * refused scan is heard (and, when the profile asks for it, a received one). A sound is the
 * terminal bell, or a command of the profile's (`scan_sound`: a program and its arguments),
 * run without a shell and with nothing scanned in its arguments, so no code can inject
 * anything; it is left to itself and stopped if it outlasts SOUND_TIMEOUT_MS. In
 * screen-reader mode the desk is silent unless the profile asks for sounds there too: the
 * reader speaks, and a bell would cut it off.
 */
import { spawn } from 'node:child_process';
import { useIsScreenReaderEnabled, useStdout } from 'ink';
import { useCallback, useRef } from 'react';
import { display, sanitizeForTerminal } from '../../../format/sanitize.js';
import { useNotice } from '../../context/notice-context.js';
import { useScanDesk } from '../../hooks/use-scan-desk.js';
import type { ScanSound } from '../../scan-desk-settings.js';

/** Longest a sound command may run. */
export const SOUND_TIMEOUT_MS = 5_000;

/** Runs a sound command (argv: the program, then its arguments) without a shell; `onError` hears why it could not. */
export function runSoundCommand(argv: readonly string[], onError: (why: string) => void): void {
  const [file, ...args] = argv;
  if (file === undefined) return;
  try {
    const child = spawn(file, args, { stdio: 'ignore', shell: false, windowsHide: true });
    const timer = setTimeout(() => child.kill('SIGKILL'), SOUND_TIMEOUT_MS);
    timer.unref();
    child.once('error', (error) => {
      clearTimeout(timer);
      onError(error.message);
    });
    child.once('exit', () => clearTimeout(timer));
    child.unref();
  } catch (error) {
    onError(error instanceof Error ? error.message : String(error));
  }
}

/** Plays `sound` through `bell` (the terminal's) or as a command. */
export function playSound(sound: ScanSound, bell: () => void, onError: (why: string) => void): void {
  if (sound === 'off') return;
  if (sound === 'bell') bell();
  else runSoundCommand(sound, onError);
}

/** The desk's sound player: `failure` and `success` as the profile sets them. */
export function useScanSound(): (kind: 'failure' | 'success') => void {
  const desk = useScanDesk();
  const isScreenReader = useIsScreenReaderEnabled();
  const { stdout } = useStdout();
  const { show } = useNotice();
  // A broken sound command is said once, not at every scan.
  const isReported = useRef(false);
  return useCallback(
    (kind) => {
      if (isScreenReader && !desk.isSoundWithScreenReader) return;
      const onError = (why: string) => {
        if (isReported.current) return;
        isReported.current = true;
        show(display`The scan sound command failed (${sanitizeForTerminal(why)}): check scan_sound in the config.`, 'warning');
      };
      playSound(kind === 'failure' ? desk.failureSound : desk.successSound, () => stdout.write('\u0007'), onError);
    },
    [desk, isScreenReader, stdout, show],
  );
}

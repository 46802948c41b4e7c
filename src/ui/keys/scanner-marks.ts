/**
 * Which key presses are the scanner's programmed prefix and suffix (the profile's
 * scan_prefix and scan_suffix), for the scan classifier. A control character is told by
 * what Ink reports (Ctrl with its letter); a function key only by the bytes of the read it
 * came in, which Ink does not hand to `useInput`: they are taken from its stdin context's
 * event emitter, whose listener here runs first for every read.
 */
import { useStdin } from 'ink';
import type { EventEmitter } from 'node:events';
import { useLayoutEffect, useRef } from 'react';
import type { ScanDeskSettings } from '../scan-desk-settings.js';
import type { KeyPress, PressMark } from './scan-classifier.js';
import { isScannerKey } from './scanner-keys.js';

/** Ink's input event emitter: in its stdin context, though not in the type `useStdin` declares. */
type StdinWithEvents = { readonly internal_eventEmitter?: EventEmitter };

/** The bytes of the latest read of input, as Ink emits them (before its `useInput` listener runs). */
function useLatestRead(): { readonly current: string } {
  const emitter = (useStdin() as StdinWithEvents).internal_eventEmitter;
  const latest = useRef('');
  useLayoutEffect(() => {
    if (!emitter) return undefined;
    const onInput = (data: unknown) => {
      latest.current = typeof data === 'string' ? data : '';
    };
    emitter.prependListener('input', onInput);
    return () => void emitter.off('input', onInput);
  }, [emitter]);
  return latest;
}

/** `markOf(press)`: whether a press of the read being handled is the scanner's prefix or suffix. */
export function useScannerMarks(desk: Pick<ScanDeskSettings, 'prefix' | 'suffix'>): (press: KeyPress) => PressMark {
  const latestRead = useLatestRead();
  return ([input, key]) => {
    if (desk.prefix && isScannerKey(desk.prefix, input, key, latestRead.current)) return 'prefix';
    if (desk.suffix && isScannerKey(desk.suffix, input, key, latestRead.current)) return 'suffix';
    return null;
  };
}

/**
 * The wait at quit (src/ui/quit-writes.ts): the console's writes are its pending mutations;
 * at quit nothing new starts, those in flight may finish within the wait (a line on stderr
 * says what is waited for), and what outlasts it is cut (the operations then read it back:
 * test/ops/write-stops.test.ts). The e2e side is test/e2e/quit.test.ts.
 */
import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createWriteStops } from '../../src/ops/write-stops.js';
import { createConsoleQueryClient } from '../../src/ui/queries/query-client.js';
import { writeKeys } from '../../src/ui/queries/mutation-keys.js';
import { describeWrite, settleWritesAtQuit } from '../../src/ui/quit-writes.js';
import { until } from '../helpers/until.js';

function stderr() {
  const lines: string[] = [];
  return { lines, write: (text: string) => lines.push(text) };
}

describe('writes at quit', () => {
  it('names each write from its mutation key', () => {
    expect(describeWrite(writeKeys.receive(1001))).toBe('receive of order 1001');
    expect(describeWrite(writeKeys.review(7))).toBe('review of order 7');
    expect(describeWrite(writeKeys.bulk('receive'))).toBe('bulk receive');
    expect(describeWrite(writeKeys.bulk('approve'))).toBe('bulk approve all');
    expect(describeWrite(writeKeys.scan())).toBe("a scan's receive");
  });

  it('nothing in flight: returns at once, says nothing, but stops new writes', async () => {
    const queryClient = createConsoleQueryClient();
    const stops = createWriteStops();
    const err = stderr();
    await settleWritesAtQuit(queryClient, stops, { waitMs: 60_000, stderr: err });
    expect(err.lines).toEqual([]);
    expect([stops.stop.aborted, stops.cut.aborted]).toEqual([true, false]);
  });

  it('a write that finishes within the wait is not cut', async () => {
    const queryClient = createConsoleQueryClient();
    const stops = createWriteStops();
    const err = stderr();
    let finish: (() => void) | null = null;
    const write = new MutationObserver(queryClient, {
      mutationKey: writeKeys.receive(1001),
      mutationFn: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    void write.mutate();
    const settled = settleWritesAtQuit(queryClient, stops, { waitMs: 60_000, stderr: err });
    expect(stops.stop.aborted).toBe(true);
    await until(() => finish !== null);
    finish!();
    await settled;
    expect(stops.cut.aborted).toBe(false);
    expect(err.lines).toHaveLength(1);
    expect(err.lines[0]).toMatch(/^Waiting for 1 write in flight \(receive of order 1001\) to finish, at most 60 s/);
  });

  it('a write that outlasts the wait is cut, and the wait goes on until it has settled', async () => {
    const queryClient = createConsoleQueryClient();
    const stops = createWriteStops();
    const err = stderr();
    let isSettled = false;
    const write = new MutationObserver(queryClient, {
      mutationKey: writeKeys.bulk('receive'),
      // As the operations do: a cut write settles once it has been read back.
      mutationFn: () => new Promise<void>((resolve) => stops.cut.addEventListener('abort', () => setTimeout(() => {
        isSettled = true;
        resolve();
      }, 50))),
    });
    void write.mutate();
    await settleWritesAtQuit(queryClient, stops, { waitMs: 100, stderr: err });
    expect([stops.cut.aborted, isSettled]).toEqual([true, true]);
    expect(err.lines[1]).toMatch(/^Stopped waiting: cancelled 1 write in flight \(bulk receive\); reading them back/);
  });
});

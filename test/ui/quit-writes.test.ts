/**
 * The wait at quit (windDown, src/ops/stop-signals.ts over src/ops/write-stops.ts): every console write
 * is held by the one set of write stops; at quit nothing new starts, those in flight may
 * finish within the wait (a line on stderr says what is waited for), and what outlasts it is
 * cut (the operations then read it back: test/ops/write-stops.test.ts). The console's
 * mutations hold their writes (checked here with a real mutation); the e2e side is
 * test/e2e/quit.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createWriteStops, heldBy } from '../../src/ops/write-stops.js';
import { createConsoleQueryClient } from '../../src/ui/queries/query-client.js';
import { receiveMutation } from '../../src/ui/queries/write-mutations.js';
import { windDown, type StopSignal, type SubscribeStop } from '../../src/ops/stop-signals.js';
import { createClient } from '../../src/api/client/index.js';
import { KEYS } from '../helpers/fixture.js';
import { json, startHostileServer, validOrder } from '../helpers/hostile-server.js';
import { until } from '../helpers/until.js';

function stderr() {
  const lines: string[] = [];
  return { lines, write: (text: string) => lines.push(text) };
}

/** Stop signals a test sends by hand. */
function signals(): { readonly onSignal: SubscribeStop; readonly send: (signal: StopSignal) => void } {
  const handlers = new Set<(signal: StopSignal) => void>();
  return {
    onSignal: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    send: (signal) => {
      for (const h of [...handlers]) h(signal);
    },
  };
}

/** The console's wind-down at quit, as start-console runs it. */
const settleWritesAtQuit = (stops: Parameters<typeof windDown>[0], options: { readonly waitMs: number; readonly stderr: { write(text: string): unknown }; readonly onSignal?: SubscribeStop }) =>
  windDown(stops, { waitMs: options.waitMs, onSignal: options.onSignal ?? signals().onSignal, say: (line) => options.stderr.write(line) });

/** A promise and its resolve, to end a held piece of work when the test says so. */
function gate() {
  let open = () => {};
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe('write stops', () => {
  it('hold names what is in flight until it settles, also when it fails', async () => {
    const stops = createWriteStops();
    const a = gate();
    const held = stops.hold('receive of order 1001', () => a.done);
    const failing = stops.hold('a scan', () => Promise.reject(new Error('no')));
    expect(stops.inFlight()).toEqual(['receive of order 1001', 'a scan']);
    await expect(failing).rejects.toThrow('no');
    expect(stops.inFlight()).toEqual(['receive of order 1001']);
    const idle = stops.whenIdle();
    a.open();
    await held;
    await idle;
    expect(stops.inFlight()).toEqual([]);
    // The commands have no stops: the work simply runs.
    expect(await heldBy(undefined, 'x', async () => 7)).toBe(7);
  });

  it('the console\'s write mutations are held until they settle', async () => {
    const stops = createWriteStops();
    const answer = gate();
    // A service that answers the receive when the test says so.
    const server = await startHostileServer();
    server.answer((_req, res) => void answer.done.then(() => json(res, 200, validOrder(1001, { status: 'received' }))));
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.north, maxRetries: 0 });
    try {
      const queryClient = createConsoleQueryClient();
      const stateDir = mkdtempSync(join(tmpdir(), 'rc-hold-'));
      const write = new MutationObserver(queryClient, receiveMutation(queryClient, { client, stateDir, profile: 'p', now: Date.now, source: 'order', writeStops: stops }, 1001));
      const done = write.mutate({});
      await until(() => server.seen.length === 1);
      expect(stops.inFlight()).toEqual(['receive of order 1001']);
      answer.open();
      expect(await done).toMatchObject({ status: 'ok', orderId: 1001 });
      expect(stops.inFlight()).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('the wait at quit', () => {
  it('nothing in flight: returns at once, says nothing, but stops new writes', async () => {
    const stops = createWriteStops();
    const err = stderr();
    await settleWritesAtQuit(stops, { waitMs: 60_000, stderr: err });
    expect(err.lines).toEqual([]);
    expect([stops.stop.aborted, stops.cut.aborted]).toEqual([true, false]);
  });

  it('a write that finishes within the wait is not cut', async () => {
    const stops = createWriteStops();
    const err = stderr();
    const write = gate();
    void stops.hold('receive of order 1001', () => write.done);
    const settled = settleWritesAtQuit(stops, { waitMs: 60_000, stderr: err });
    expect(stops.stop.aborted).toBe(true);
    write.open();
    await settled;
    expect(stops.cut.aborted).toBe(false);
    expect(err.lines).toHaveLength(1);
    expect(err.lines[0]).toMatch(/^Waiting for 1 write in flight \(receive of order 1001\) to finish, at most 60 s/);
  });

  it('a write that outlasts the wait is cut, and the wait goes on until it has settled', async () => {
    const stops = createWriteStops();
    const err = stderr();
    let isSettled = false;
    // As the operations do: a cut write settles once it has been read back.
    void stops.hold('bulk receive of 12 orders', () => new Promise<void>((resolve) => stops.cut.addEventListener('abort', () => setTimeout(() => {
      isSettled = true;
      resolve();
    }, 50))));
    await settleWritesAtQuit(stops, { waitMs: 100, stderr: err });
    expect([stops.cut.aborted, isSettled]).toEqual([true, true]);
    expect(err.lines[1]).toMatch(/^Stopped waiting: cancelled 1 write in flight \(bulk receive of 12 orders\); reading them back/);
  });

  it('a stop signal during the wait cuts at once; more signals while reading back are ignored', async () => {
    const stops = createWriteStops();
    const err = stderr();
    const sig = signals();
    let readBacks = 0;
    void stops.hold('receive of order 1001', () => new Promise<void>((resolve) => stops.cut.addEventListener('abort', () => setTimeout(() => {
      readBacks++;
      resolve();
    }, 50))));
    const started = Date.now();
    const done = settleWritesAtQuit(stops, { waitMs: 60_000, stderr: err, onSignal: sig.onSignal });
    sig.send('SIGTERM');
    await until(() => stops.cut.aborted);
    sig.send('SIGINT');
    await done;
    expect(readBacks).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

/**
 * The scan desk's queue on disk, `<stateDir>/scan-queue/<profile>.json`: every scan of scan
 * mode is written here before its receive is sent and removed once its outcome is in the
 * activity log, so a scan made while the service cannot be reached, or while the console is
 * killed, is sent later, in order. A scan whose receive was sent carries the order it was
 * sent for: its answer may have been lost, so it is read back before anything is sent again.
 *
 * Each change replaces the file atomically (fsync, then rename: atomic-write.ts), changes
 * are written one after another in the order made, and the file is never read or written
 * through a symbolic link. One store per file in a process (`scanQueueFor`), so every screen
 * of one console sees the same queue.
 */
import { renameSync } from 'node:fs';
import { scrubSecrets } from '../api/key-scrub.js';
import * as z from '../api/zod.js';
import { writeFileAtomic } from './atomic-write.js';
import { readFileNoFollowSync } from './no-follow.js';
import { scanQueuePath } from './state-paths.js';

const queuedScanSchema = z.object({
  /** Unique within the queue. */
  id: z.string(),
  /** The code as scanned. */
  text: z.string(),
  /** When it was scanned (ISO 8601). */
  scannedAt: z.string(),
  /** The order a receive was sent for: its answer may not have come. */
  sent: z.optional(z.object({ orderId: z.number().check(z.int()), orderName: z.string(), writeId: z.optional(z.string()) })),
});

const queueFileSchema = z.object({ version: z.literal(1), scans: z.array(queuedScanSchema) });

export type QueuedScan = z.infer<typeof queuedScanSchema>;

export type ScanQueueLoad =
  | { readonly kind: 'ok'; readonly scans: readonly QueuedScan[] }
  /** The file could not be used: set aside (`movedTo`) rather than thrown away. */
  | { readonly kind: 'unreadable'; readonly scans: readonly QueuedScan[]; readonly notice: string };

export interface ScanQueueStore {
  /** The scans waiting, oldest first, as last written (or read at the start). */
  scans(): readonly QueuedScan[];
  /**
   * The scans waiting: read from the file the first time (what an earlier run left), then as
   * this process changed them (its writes may still be on their way). Never throws.
   */
  load(): ScanQueueLoad;
  /** Adds a scan at the end. Resolves once it is on disk. */
  add(scan: QueuedScan): Promise<void>;
  /** Notes that a receive is being sent for `scan` (before it is sent). */
  markSent(id: string, order: { readonly orderId: number; readonly orderName: string; readonly writeId?: string }): Promise<void>;
  /** Removes a finished scan. */
  remove(id: string): Promise<void>;
}

const stores = new Map<string, ScanQueueStore>();

/** The queue store of a profile's scan desk (one per file in this process). */
export function scanQueueFor(stateDir: string, profile: string, now: () => number = Date.now): ScanQueueStore {
  const path = scanQueuePath(stateDir, profile);
  let store = stores.get(path);
  if (!store) {
    store = createScanQueueStore(path, now);
    stores.set(path, store);
  }
  return store;
}

/** A queue store on `path` (tests make their own; the console uses scanQueueFor). */
export function createScanQueueStore(path: string, now: () => number = Date.now): ScanQueueStore {
  let scans: readonly QueuedScan[] = [];
  let isRead = false;
  let writing: Promise<void> = Promise.resolve();

  /** Applies `change` now and writes the result after the writes before it (which may have failed). */
  const change = (next: (scans: readonly QueuedScan[]) => readonly QueuedScan[]): Promise<void> => {
    if (!isRead) load();
    scans = next(scans);
    const snapshot = scans;
    const write = writing.catch(() => undefined).then(() => writeFileAtomic(path, `${JSON.stringify({ version: 1, scans: snapshot }, null, 2)}\n`));
    writing = write;
    return write;
  };

  const load = (): ScanQueueLoad => {
    if (isRead) return { kind: 'ok', scans };
    isRead = true;
    let text: string;
    try {
      text = readFileNoFollowSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'ok', scans: (scans = []) };
      return { kind: 'unreadable', scans, notice: `The scan queue ${path} could not be read (${(error as Error).message}).` };
    }
    let parsed: ReturnType<typeof queueFileSchema.safeParse> | null;
    try {
      parsed = queueFileSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (parsed?.success) return { kind: 'ok', scans: (scans = parsed.data.scans) };
    // Scans someone made are never thrown away: the file is kept beside, under another name.
    const movedTo = `${path}.unreadable-${now()}`;
    try {
      renameSync(path, movedTo);
      return { kind: 'unreadable', scans: (scans = []), notice: `The scan queue was not valid and was set aside as ${movedTo}; scans in it were not sent.` };
    } catch {
      return { kind: 'unreadable', scans: (scans = []), notice: `The scan queue ${path} is not valid; scans in it were not sent.` };
    }
  };

  return {
    scans: () => scans,
    load,
    // A key scanned by mistake (a QR code) is never written to a file.
    add: (scan) => change((all) => [...all, { ...scan, text: scrubSecrets(scan.text) }]),
    markSent: (id, order) => change((all) => all.map((s) => (s.id === id ? { ...s, sent: { orderId: order.orderId, orderName: order.orderName, ...(order.writeId !== undefined && { writeId: order.writeId }) } } : s))),
    remove: (id) => change((all) => all.filter((s) => s.id !== id)),
  };
}

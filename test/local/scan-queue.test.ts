/**
 * The scan desk's queue on disk: every change is on disk, in the order made, when its
 * promise resolves; a file left by an earlier run is read once; a broken file is set aside,
 * never thrown away; a symbolic link is neither read through nor written through; and the
 * file is private (0600), like the other state files.
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScanQueueStore, scanQueueFor, type QueuedScan } from '../../src/local/scan-queue.js';
import { scanQueuePath } from '../../src/local/state-paths.js';

const freshPath = () => {
  const path = scanQueuePath(mkdtempSync(join(tmpdir(), 'rc-scan-queue-')), 'north');
  mkdirSync(dirname(path), { recursive: true });
  return path;
};
const scan = (id: string, text = `#N${id}`): QueuedScan => ({ id, text, scannedAt: '2026-11-27T10:00:00.000Z' });
const onDisk = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { scans: QueuedScan[] }).scans;

describe('the scan queue on disk', () => {
  it('is on disk, in the order changed, when each change resolves', async () => {
    const path = freshPath();
    const store = createScanQueueStore(path);
    expect(store.load()).toEqual({ kind: 'ok', scans: [] });
    await store.add(scan('1'));
    expect(onDisk(path)).toEqual([scan('1')]);
    // Changes made together are written in order; the last write holds them all.
    const writes = [store.add(scan('2')), store.markSent('1', { orderId: 1001, orderName: '#N1001' }), store.add(scan('3')), store.remove('2')];
    expect(store.scans().map((s) => s.id)).toEqual(['1', '3']);
    await Promise.all(writes);
    expect(onDisk(path)).toEqual([{ ...scan('1'), sent: { orderId: 1001, orderName: '#N1001' } }, scan('3')]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // Only the file: no temporary file is left beside it.
    expect(readdirSync(dirname(path))).toEqual(['north.json']);
  });

  it('reads what an earlier run left once; afterwards this process knows better than the file', async () => {
    const path = freshPath();
    writeFileSync(path, JSON.stringify({ version: 1, scans: [scan('a'), scan('b')] }));
    const store = createScanQueueStore(path);
    expect(store.load()).toEqual({ kind: 'ok', scans: [scan('a'), scan('b')] });
    const removing = store.remove('a');
    expect(store.load()).toEqual({ kind: 'ok', scans: [scan('b')] });
    await removing;
    expect(onDisk(path)).toEqual([scan('b')]);
    // One store per file in a process: every screen of a console shares it.
    const stateDir = dirname(dirname(path));
    expect(scanQueueFor(stateDir, 'north')).toBe(scanQueueFor(stateDir, 'north'));
    expect(scanQueueFor(stateDir, 'south')).not.toBe(scanQueueFor(stateDir, 'north'));
  });

  it('never writes a key that was scanned by mistake', async () => {
    const path = freshPath();
    const key = `sk_${'ab'.repeat(32)}`;
    await createScanQueueStore(path).add(scan('1', key));
    expect(readFileSync(path, 'utf8')).not.toContain(key);
    expect(onDisk(path)[0]?.text).toMatch(/^sk_…/);
  });

  it('sets a broken file aside, with a notice, rather than throwing scans away', () => {
    const path = freshPath();
    writeFileSync(path, '{"version":1,"scans":[{"id":"1"');
    const loaded = createScanQueueStore(path, () => 42).load();
    expect(loaded).toEqual({ kind: 'unreadable', scans: [], notice: `The scan queue was not valid and was set aside as ${path}.unreadable-42; scans in it were not sent.` });
    expect(readFileSync(`${path}.unreadable-42`, 'utf8')).toBe('{"version":1,"scans":[{"id":"1"');
  });

  it('is neither read nor written through a symbolic link', async () => {
    const path = freshPath();
    const victim = join(dirname(path), 'victim.json');
    writeFileSync(victim, JSON.stringify({ version: 1, scans: [scan('x')] }));
    symlinkSync(victim, path);
    const store = createScanQueueStore(path);
    const loaded = store.load();
    expect(loaded.kind).toBe('unreadable');
    expect(loaded.kind === 'unreadable' && loaded.notice).toMatch(/is a symbolic link/);
    await store.add(scan('1'));
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(onDisk(path)).toEqual([scan('1')]);
    expect(JSON.parse(readFileSync(victim, 'utf8'))).toEqual({ version: 1, scans: [scan('x')] });
  });
});

/**
 * Crash-safe file replacement: write a temporary file beside the target, fsync it, then
 * rename it over the target (rename is atomic on one file system). A reader, or a process
 * killed mid-write, sees either the old file or the new one, never half of one. The
 * temporary file is created new (O_EXCL) without following links, and the rename replaces
 * a link at the target rather than writing through it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { CREATE_NEW_NO_FOLLOW, openNoFollow } from './no-follow.js';
import { dirname } from 'node:path';

function tempPathFor(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/** Atomically replaces `path` with `data` (creating parent directories, mode 0600). */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = tempPathFor(path);
  const handle = await openNoFollow(temp, CREATE_NEW_NO_FOLLOW, 0o600);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}

/** Makes the rename itself durable; not every platform can fsync a directory, so best effort. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Directories cannot be opened for fsync on some systems (e.g. Windows); the data is already synced.
  }
}

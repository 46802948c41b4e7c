/**
 * Opening local state files without following symbolic links (O_NOFOLLOW): a link planted
 * at `audit.jsonl` or a draft's path must not make the console append to, read or replace
 * some other file of the user. Links are refused with a message that says what to do.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { readFdBoundedSync } from './bounded-read.js';
import { shellQuote } from './shell-quote.js';

/** 0 where the platform has no such flag (Windows); links are then followed as before. */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** Flags for appending to a file, created 0600 when missing, never through a link. */
export const APPEND_NO_FOLLOW = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | O_NOFOLLOW;
/** Flags for creating a new file (a temporary file), never through a link. */
export const CREATE_NEW_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW;
/** Flags for reading a file, never through a link (non-blocking: a FIFO planted there cannot hang the open). */
export const READ_NO_FOLLOW = constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

/** The error for a link where a state file belongs (ELOOP is what O_NOFOLLOW gives). */
function linkRefused(path: string, error: NodeJS.ErrnoException): Error {
  if (error.code !== 'ELOOP' && error.code !== 'EMLINK') return error;
  return Object.assign(
    new Error(`${path} is a symbolic link; returns-console never follows links for its own files. Remove it (rm ${shellQuote(path)}) and try again.`),
    { code: 'ELOOP' },
  );
}

/** `open` with flags that include O_NOFOLLOW; a link is refused with a clear message. */
export async function openNoFollow(path: string, flags: number, mode = 0o600): Promise<FileHandle> {
  try {
    return await open(path, flags, mode);
  } catch (error) {
    throw linkRefused(path, error as NodeJS.ErrnoException);
  }
}

/** Reads a whole file as UTF-8 without following a link, at most MAX_LOCAL_FILE_BYTES (synchronous: drafts load before a frame). */
export function readFileNoFollowSync(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, READ_NO_FOLLOW);
  } catch (error) {
    throw linkRefused(path, error as NodeJS.ErrnoException);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${path} is not a regular file`);
    return readFdBoundedSync(fd, path);
  } finally {
    closeSync(fd);
  }
}

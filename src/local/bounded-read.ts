/**
 * Reading a local file (or a stream: stdin, a pipe, a device) with a bound on its size: the
 * config file, a key file, a decisions file, drafts and memory are small, and one that is not
 * (a planted 2 GB file, /dev/zero given as a key file) is refused once the bound is passed,
 * never read whole into memory.
 */
import { fstatSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** The largest local file read whole: far above any of ours (a review body is at most 1 MiB). */
export const MAX_LOCAL_FILE_BYTES = 4 * 1024 * 1024;

const CHUNK_BYTES = 64 * 1024;

/** The error of a file or stream over the bound (code EFBIG, as the system's own). */
export function tooLargeError(what: string, maxBytes: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`${what} is larger than ${maxBytes / 1024 / 1024} MiB; refused unread`), { code: 'EFBIG' });
}

/** Gathers chunks up to `maxBytes`; throws tooLargeError past it. */
class Gathered {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly what: string,
    private readonly maxBytes: number,
  ) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw tooLargeError(this.what, this.maxBytes);
    this.chunks.push(chunk);
  }

  text(): string {
    return Buffer.concat(this.chunks, this.size).toString('utf8');
  }
}

/** The file at `path` as UTF-8, at most `maxBytes` (whatever kind of file it is). */
export async function readFileBounded(path: string, maxBytes = MAX_LOCAL_FILE_BYTES): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const gathered = new Gathered(path, maxBytes);
    for (;;) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return gathered.text();
      gathered.add(chunk.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

/** A stream (stdin) as UTF-8, at most `maxBytes`; `what` names it in the error. */
export async function readStreamBounded(stream: NodeJS.ReadableStream, what: string, maxBytes = MAX_LOCAL_FILE_BYTES): Promise<string> {
  const gathered = new Gathered(what, maxBytes);
  for await (const chunk of stream) gathered.add(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return gathered.text();
}

/** The already opened regular file `fd` as UTF-8, at most `maxBytes` (synchronous). */
export function readFdBoundedSync(fd: number, what: string, maxBytes = MAX_LOCAL_FILE_BYTES): string {
  if (fstatSync(fd).size > maxBytes) throw tooLargeError(what, maxBytes);
  const gathered = new Gathered(what, maxBytes);
  for (;;) {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    const bytesRead = readSync(fd, chunk, 0, CHUNK_BYTES, null);
    if (bytesRead === 0) return gathered.text();
    gathered.add(chunk.subarray(0, bytesRead));
  }
}

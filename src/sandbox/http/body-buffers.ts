/**
 * Reused buffers for response bodies that are assembled from parts (a list page: the
 * envelope around 100 orders' stored JSON). A fresh buffer of that size per response is
 * freed back to the OS and faulted in again on the next one, which made a list page several
 * times dearer than a bare node:http response; copied into a reused buffer, the same body
 * costs what the bare server's pre-built one does (docs/performance.md, bench/sandbox).
 */

/** Bodies up to this size use an ordinary Buffer (Node's own 8 KiB pool covers most). */
const SMALLEST_CLASS = 16 * 1024;
/** Bodies above this are not pooled (a rare, very large page). */
const LARGEST_CLASS = 4 * 1024 * 1024;
/** Free buffers kept per size class: more than the responses in flight at once. */
const KEPT_PER_CLASS = 32;

/** Free buffers by size class (powers of two from 16 KiB to 4 MiB). */
export class BodyBuffers {
  private readonly free = new Map<number, Buffer[]>();

  /** A buffer of at least `size` bytes; pass it to `give` when the OS has its bytes. */
  take(size: number): Buffer {
    const capacity = classOf(size);
    if (capacity === null) return Buffer.allocUnsafe(size);
    return this.free.get(capacity)?.pop() ?? Buffer.allocUnsafeSlow(capacity);
  }

  /** Returns a buffer from `take`; it must no longer be read or written by anyone. */
  give(buffer: Buffer): void {
    const capacity = buffer.length;
    if (classOf(capacity) !== capacity) return;
    let list = this.free.get(capacity);
    if (!list) this.free.set(capacity, (list = []));
    if (list.length < KEPT_PER_CLASS) list.push(buffer);
  }

  /** Free buffers held, for tests. */
  get freeCount(): number {
    let n = 0;
    for (const list of this.free.values()) n += list.length;
    return n;
  }
}

/** The pooled capacity for a body of `size` bytes, or null when it is not pooled. */
function classOf(size: number): number | null {
  if (size <= SMALLEST_CLASS / 2 || size > LARGEST_CLASS) return null;
  let capacity = SMALLEST_CLASS;
  while (capacity < size) capacity *= 2;
  return capacity;
}

/** Reused response body buffers: by size class, bounded, small and huge bodies not pooled. */
import { describe, expect, it } from 'vitest';
import { BodyBuffers } from '../../../src/sandbox/http/body-buffers.js';

describe('BodyBuffers', () => {
  it('hands a returned buffer out again for a body of the same size class', () => {
    const buffers = new BodyBuffers();
    const first = buffers.take(60_000);
    expect(first.length).toBe(65_536);
    buffers.give(first);
    expect(buffers.freeCount).toBe(1);
    expect(buffers.take(40_000)).toBe(first);
    expect(buffers.freeCount).toBe(0);
    // Another class gets its own buffer.
    const larger = buffers.take(70_000);
    expect(larger.length).toBe(131_072);
    expect(larger).not.toBe(first);
  });

  it('never hands out one buffer twice while it is taken', () => {
    const buffers = new BodyBuffers();
    const taken = Array.from({ length: 10 }, () => buffers.take(30_000));
    expect(new Set(taken).size).toBe(10);
  });

  it('keeps a bounded number of free buffers and does not pool small or huge bodies', () => {
    const buffers = new BodyBuffers();
    const taken = Array.from({ length: 100 }, () => buffers.take(20_000));
    for (const b of taken) buffers.give(b);
    expect(buffers.freeCount).toBeLessThanOrEqual(32);
    const small = buffers.take(100);
    expect(small.length).toBe(100);
    buffers.give(small);
    const huge = buffers.take(5 * 1024 * 1024);
    expect(huge.length).toBe(5 * 1024 * 1024);
    buffers.give(huge);
    expect(buffers.freeCount).toBeLessThanOrEqual(32);
    expect(buffers.take(100)).not.toBe(small);
  });
});

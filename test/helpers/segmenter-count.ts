/** Counts the `Intl.Segmenter`s this process makes, for tests of code that should make none. */

export interface SegmenterCount {
  /** How many were made since counting began. */
  made(): number;
  /** Puts the real constructor back. */
  stop(): void;
}

/** Starts counting (call `stop` when done, in a finally or afterEach). */
export function countSegmentersMade(): SegmenterCount {
  let made = 0;
  const intl = Intl as { Segmenter: typeof Intl.Segmenter };
  const Native = intl.Segmenter;
  intl.Segmenter = new Proxy(Native, {
    construct(target, args: ConstructorParameters<typeof Intl.Segmenter>) {
      made++;
      return Reflect.construct(target, args) as object;
    },
  });
  return { made: () => made, stop: () => (intl.Segmenter = Native) };
}

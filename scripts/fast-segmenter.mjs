// Injected into the bundle in place of Intl.Segmenter (scripts/build.mjs). Ink and the text
// libraries under it split every line of every frame into graphemes. For text where each
// character is a grapheme of its own (ASCII, the escape sequences of styles, and the
// standalone characters of text-memo-plugin.mjs), this answers without ICU; anything else
// goes to the real Intl.Segmenter, created on first need. ICU's segmenter costs ~15 ms to
// create, and the first frame no longer pays for it. Same answers: bench/console test.
import { standaloneClass } from './standalone-chars.mjs';

// Destructured: the build replaces the expression `Intl.Segmenter` everywhere, this file too.
const { Segmenter: RealSegmenter } = Intl;

// BEL and ESC (in escape sequences) are Control characters: always a grapheme of their own.
const SIMPLE = new RegExp(`^[${standaloneClass([[0x07, 0x07], [0x1b, 0x1b]])}]*$`);

/** The segments of text whose every UTF-16 unit is a grapheme. */
class UnitSegments {
  constructor(input) {
    this.input = input;
  }

  containing(index) {
    const at = Math.trunc(Number(index)) || 0;
    if (at < 0 || at >= this.input.length) return undefined;
    return { segment: this.input[at], index: at, input: this.input };
  }

  *[Symbol.iterator]() {
    const input = this.input;
    for (let index = 0; index < input.length; index++) yield { segment: input[index], index, input };
  }
}

/** Intl.Segmenter, with grapheme segmentation of simple text answered without ICU. */
export class FastSegmenter {
  #locales;
  #options;
  #real;
  #isGrapheme;

  constructor(locales, options) {
    this.#locales = locales;
    this.#options = options;
    this.#isGrapheme = (options?.granularity ?? 'grapheme') === 'grapheme';
    // Words and sentences always go to ICU; so do bad arguments, which throw here as they would.
    if (!this.#isGrapheme || locales !== undefined) this.#real = new RealSegmenter(locales, options);
  }

  #realSegmenter() {
    this.#real ??= new RealSegmenter(this.#locales, this.#options);
    return this.#real;
  }

  segment(input) {
    const text = String(input);
    if (this.#isGrapheme && SIMPLE.test(text)) return new UnitSegments(text);
    return this.#realSegmenter().segment(text);
  }

  resolvedOptions() {
    return this.#realSegmenter().resolvedOptions();
  }

  static supportedLocalesOf(locales, options) {
    return RealSegmenter.supportedLocalesOf(locales, options);
  }
}

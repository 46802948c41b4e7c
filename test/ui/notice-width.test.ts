/**
 * Every notice the console words fits one 80-column line with its tone symbol ("⚠ "), so its
 * instruction is never the part cut off. Notices are found in the source (`show(display`…`)`,
 * `notify(display`…`)`, every template of NOTICE_MODULES)
 * and measured with each placeholder at the width it can take: a quoted scan its cut width,
 * a key label the longest a key map gives ("Ctrl+S"), anything else (a count, a code, a name)
 * PLACEHOLDER_WIDTH. A notice that quotes free text (a profile name, an error) may still be
 * too long: the line cuts it in its middle (notice-line.test.tsx); its wording is what this
 * holds short.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { KEY_BINDINGS } from '../../src/ui/keys/bindings.js';
import { readOnlyReason } from '../../src/ui/keys/match.js';
import { QUOTED_SCAN_MAX_WIDTH } from '../../src/ui/keys/quoted-scan.js';

const UI = new URL('../../src/ui/', import.meta.url).pathname;
const LINE_WIDTH = 80;
const SYMBOL_WIDTH = 2;
const KEY_LABEL_WIDTH = 'Ctrl+S'.length;
const PLACEHOLDER_WIDTH = 8;

/** Modules whose every `display` template is a notice (returned to the code that shows it). */
const NOTICE_MODULES: ReadonlySet<string> = new Set(['profiles/switch-blocker.ts']);

interface Notice {
  readonly file: string;
  /** The template's text, each placeholder replaced by its width in x's. */
  readonly text: string;
}

/** The template literal starting at `source[start]` (a backtick): its text parts and placeholder sources. */
function readTemplate(source: string, start: number): { readonly parts: string[]; readonly placeholders: string[] } {
  const parts: string[] = [];
  const placeholders: string[] = [];
  let text = '';
  let i = start + 1;
  while (i < source.length && source[i] !== '`') {
    if (source[i] === '\\') {
      text += source.slice(i, i + 2);
      i += 2;
    } else if (source.startsWith('${', i)) {
      // The placeholder's source up to its closing brace; nested templates and braces counted.
      let depth = 1;
      let j = i + 2;
      let isInTemplate = false;
      while (j < source.length && depth > 0) {
        const c = source[j];
        if (c === '`') isInTemplate = !isInTemplate;
        else if (!isInTemplate && c === '{') depth++;
        else if (!isInTemplate && c === '}') depth--;
        j++;
      }
      placeholders.push(source.slice(i + 2, j - 1));
      parts.push(text);
      text = '';
      i = j;
    } else {
      text += source[i];
      i++;
    }
  }
  parts.push(text);
  return { parts, placeholders };
}

function widthOf(placeholder: string): number {
  if (/\bquotedScan\(/.test(placeholder)) return QUOTED_SCAN_MAX_WIDTH;
  if (/\b(actionLabel|boundLabel)\(/.test(placeholder)) return KEY_LABEL_WIDTH;
  if (/\bender\b/.test(placeholder)) return 'Enter'.length;
  return PLACEHOLDER_WIDTH;
}

function noticesIn(file: string): Notice[] {
  const source = readFileSync(file, 'utf8');
  const notices: Notice[] = [];
  // A notice shown or sent on (`show`, a store's `notify`; a display template or one sanitized whole), or any template of a module whose texts are notices.
  const templates = NOTICE_MODULES.has(file.slice(UI.length)) ? /\bdisplay`/g : /\b(?:show|notify)\(\s*(?:display|sanitizeForTerminal\()`/g;
  for (const match of source.matchAll(templates)) {
    const { parts, placeholders } = readTemplate(source, match.index + match[0].length - 1);
    let text = parts[0]!;
    placeholders.forEach((p, k) => (text += 'x'.repeat(widthOf(p)) + parts[k + 1]!));
    notices.push({ file: file.slice(UI.length), text });
  }
  return notices;
}

const files = readdirSync(UI, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
  .map((f) => join(UI, f));
const notices = files.flatMap(noticesIn);

describe('notice wording', () => {
  it('finds the notices (the scan of the source still works)', () => {
    expect(notices.length).toBeGreaterThan(20);
    expect(notices.some((n) => n.text.startsWith('Scan "xxxxxxxxxxxxxxxxxxxx"'))).toBe(true);
    expect(notices.filter((n) => n.file === 'profiles/switch-blocker.ts')).toHaveLength(2);
    expect(notices.some((n) => n.text.startsWith('A bulk run is in progress: wait'))).toBe(true);
    expect(notices.some((n) => n.text.startsWith('The command history could not be saved'))).toBe(true);
  });

  it('the read-only refusal fits with any key label', () => {
    const longLabel = { ...KEY_BINDINGS.find((b) => b.isMutating)!, label: 'x'.repeat(KEY_LABEL_WIDTH) };
    expect(SYMBOL_WIDTH + displayWidth(readOnlyReason(longLabel))).toBeLessThanOrEqual(LINE_WIDTH);
  });

  it(`every notice fits ${LINE_WIDTH} columns with its symbol`, () => {
    const tooWide = notices
      .filter((n) => SYMBOL_WIDTH + displayWidth(n.text) > LINE_WIDTH)
      .map((n) => `${n.file}: ${SYMBOL_WIDTH + displayWidth(n.text)} columns: ${n.text}`);
    expect(tooWide).toEqual([]);
  });
});

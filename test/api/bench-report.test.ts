/** The bulk benchmark's report: replacing only its own section of docs/benchmarks.md. */
import { describe, expect, it } from 'vitest';
import { SECTION_TITLE, replaceSection } from '../../bench/bulk/report.js';

const section = `${SECTION_TITLE}\n\nnew figures\n`;

describe('replaceSection', () => {
  it('creates the document when it is empty', () => {
    expect(replaceSection('', section)).toBe(`# Benchmarks\n\n${section}`);
  });
  it('appends the section when it is missing, keeping the others', () => {
    const doc = '# Benchmarks\n\n## Other (npm run x)\n\nother figures\n';
    expect(replaceSection(doc, section)).toBe(`${doc}\n${section}`);
  });
  it('replaces only its own section, wherever it is', () => {
    const doc = `# Benchmarks\n\n## A\n\na\n\n${SECTION_TITLE}\n\nold figures\nmore old\n\n## B\n\nb\n`;
    expect(replaceSection(doc, section)).toBe(`# Benchmarks\n\n## A\n\na\n\n${section}\n## B\n\nb\n`);
  });
});

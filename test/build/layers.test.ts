/**
 * The layers of src/ are checked by lint (scripts/eslint-layers.mjs through eslint.config.js,
 * as `npm test` runs it): an import against the table fails, every import the table allows
 * passes, and the table README.md and docs/architecture.md show is the rule's table.
 */
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint configuration, without types
import { LAYERS } from '../../scripts/eslint-layers.mjs';

const TABLE = LAYERS as Record<string, readonly string[]>;
const NAMES = Object.keys(TABLE);

/** A file path inside a layer's folder (`api/client` → src/api/client/). */
const fileIn = (layer: string) => `src/${layer}/layer-probe.ts`;

/** The relative import of a module in `to` from a file in `from`. */
function importPath(from: string, to: string): string {
  const up = '../'.repeat(from.split('/').length);
  return `${up}${to}/probe-target.js`;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The layer rule's messages for `code` linted as the file at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => m.message);
}

describe('the layer rule', () => {
  it('fails on a deliberate upward import: format importing ops', async () => {
    const errors = await layerErrors("import { reviewOrder } from '../ops/review.js';\nexport const f = reviewOrder;\n", 'src/format/upward.ts');
    expect(errors).toEqual(['src/format may not import src/ops (../ops/review.js): format uses only api. See docs/architecture.md.']);
  });

  it('judges every pair of layers as the table says, for imports, re-exports and dynamic imports', async () => {
    for (const from of NAMES) {
      for (const to of NAMES) {
        const path = importPath(from, to);
        const isAllowed = from === to || TABLE[from]!.includes(to);
        for (const code of [`import { a } from '${path}';\nexport const b = a;\n`, `export * from '${path}';\n`, `export const c = () => import('${path}');\n`]) {
          const errors = await layerErrors(code, fileIn(from));
          expect(errors, `${from} -> ${to}: ${code}`).toHaveLength(isAllowed ? 0 : 1);
        }
      }
    }
  });

  it('counts type-only imports, and keeps the sandbox, format and local away from the client', async () => {
    expect(await layerErrors("import type { ReturnsClient } from '../api/client-types.js';\nexport type C = ReturnsClient;\n", 'src/sandbox/probe.ts')).toHaveLength(1);
    expect(await layerErrors("import type { Page } from '../api/schemas.js';\nexport type P = Page;\n", 'src/sandbox/probe.ts')).toHaveLength(0);
    expect(await layerErrors("import { ApiError } from '../api/client/errors.js';\nexport const e = ApiError;\n", 'src/format/probe.ts')).toHaveLength(1);
    expect(await layerErrors("import { runBulk } from '../api/bulk/index.js';\nexport const r = runBulk;\n", 'src/local/probe.ts')).toHaveLength(1);
  });

  it('keeps tests, benchmarks and scripts out of the product', async () => {
    expect(await layerErrors("import { x } from '../../test/helpers/sandbox.js';\nexport const y = x;\n", 'src/ops/probe.ts')).toHaveLength(1);
    expect(await layerErrors("import { x } from '../../scripts/bundle-options.mjs';\nexport const y = x;\n", 'src/cli/probe.ts')).toHaveLength(1);
  });

  it('leaves packages and built-ins alone', async () => {
    expect(await layerErrors("import { z } from 'zod';\nimport { join } from 'node:path';\nexport const a = [z, join];\n", 'src/format/probe.ts')).toHaveLength(0);
  });
});

/** The "may use" column of the layer table in a Markdown file: folder -> layers. */
function mayUseColumn(markdown: string): Record<string, string[]> {
  const rows: Record<string, string[]> = {};
  for (const line of markdown.split('\n')) {
    const match = /^\| `src\/([a-z/-]+?)\/?` \|.*\| ([^|]*) \|$/.exec(line);
    if (!match) continue;
    const uses = match[2]!.trim();
    rows[match[1]!] = uses === 'nothing of ours' ? [] : [...uses.matchAll(/`([a-z/]+)`/g)].map((m) => m[1]!).sort();
  }
  return rows;
}

describe('the layer table in the docs', () => {
  const expected = Object.fromEntries(NAMES.map((name) => [name, [...TABLE[name]!].sort()]));
  for (const file of ['README.md', 'docs/architecture.md']) {
    it(`${file} shows the rule's table`, () => {
      expect(mayUseColumn(readFileSync(file, 'utf8'))).toEqual(expected);
    });
  }
});

/**
 * The layers of src/ and what each may import, as an ESLint rule (`layers/imports`, run by
 * `npm test` through eslint.config.js). README.md and docs/architecture.md show this table;
 * test/build/layers.test.ts checks that they agree with it and that an upward import fails.
 */
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Each layer and the layers it may use. `api` is the interface itself (schemas, error codes,
 * list parameters, dates, key scrubbing); `api/client` is what talks to a service (the
 * client, the bulk queue and their contract, `client-types.ts`).
 */
export const LAYERS = {
  sqlite: [],
  api: [],
  'api/client': ['api'],
  format: ['api'],
  local: ['api', 'sqlite'],
  sandbox: ['api', 'sqlite'],
  ops: ['api', 'api/client', 'format', 'local'],
  ui: ['api', 'api/client', 'format', 'local', 'ops'],
  cli: ['api', 'api/client', 'format', 'local', 'ops', 'ui', 'sandbox'],
};

/** Folders next to src/ that the product's code never imports. */
const OUTSIDE = ['test', 'bench', 'scripts'];

/**
 * The layer of a path relative to the repository (`src/api/client/x.ts` → `api/client`),
 * `outside` for the tests, benchmarks and scripts, or null for anything else.
 */
export function layerOf(path) {
  const parts = path.split(sep).join('/').split('/');
  if (OUTSIDE.includes(parts[0])) return 'outside';
  if (parts[0] !== 'src' || parts.length < 3) return null;
  const [, top, next] = parts;
  if (top === 'api' && (next === 'client' || next === 'bulk' || next === 'client-types.ts' || next === 'client-types.js')) return 'api/client';
  return Object.hasOwn(LAYERS, top) ? top : null;
}

/** Why `from` may not import `to`, or null when it may. */
export function forbiddenReason(from, to) {
  if (to === null || to === from) return null;
  if (to === 'outside') return 'the product never imports tests, benchmarks or scripts';
  const allowed = LAYERS[from];
  if (allowed.includes(to)) return null;
  return allowed.length === 0 ? `${from} uses nothing of ours` : `${from} uses only ${allowed.join(', ')}`;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the layers of src/ pointing one way (docs/architecture.md)' },
    messages: { forbidden: 'src/{{from}} may not import {{target}} ({{source}}): {{reason}}. See docs/architecture.md.' },
    schema: [],
  },
  create(context) {
    const fromPath = relative(context.cwd, context.filename);
    const from = layerOf(fromPath);
    if (from === null || from === 'outside') return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const toPath = relative(context.cwd, resolve(dirname(context.filename), source.value));
      const to = layerOf(toPath);
      const reason = forbiddenReason(from, to);
      if (reason) context.report({ node: source, messageId: 'forbidden', data: { from, target: to === 'outside' ? toPath : `src/${to}`, source: source.value, reason } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** The plugin: `plugins: { layers }`, rule `layers/imports`. */
export default { rules: { imports: importsRule } };

/**
 * ESLint (flat config), run by `npm test`: JavaScript's and typescript-eslint's recommended
 * rules, React's hooks rules (eslint-plugin-react-hooks' recommended set, every rule an
 * error: a hook's dependencies are part of its correctness, not a style), and the layers of
 * src/ (scripts/eslint-layers.mjs: which folder may import which).
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

const hooksRules = Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error']));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'bench/.cache/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore names what is left out on purpose (`const { key: _key, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/imports': 'error' },
  },
  {
    // The sanitizer and the tests of what reaches a terminal match control characters on purpose.
    files: ['src/format/sanitize.ts', 'src/ui/components/text-edit.ts', 'test/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // React code: the console and its screen tests (elsewhere a function named `use…` is no hook).
    files: ['src/ui/**/*.{ts,tsx}', 'test/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: hooksRules,
  },
  {
    // The standalone binaries' main script: CommonJS, as a SEA's main script with assets is.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __filename: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', fetch: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import onlyOwnerWrites from './eslint-rules/only-owner-writes.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', 'e2e/artifacts/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/server/**', '@hcp/server', '@hcp/server/*'], message: 'The web app never imports server code.' }] }],
    },
  },
  {
    // Server modules own their tables: only the owner writes them (docs/architecture.md). The import boundaries
    // and cycles are dependency-cruiser's (.dependency-cruiser.cjs, run by `npm run lint`).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { hcp: { rules: { 'only-owner-writes': onlyOwnerWrites } } },
    rules: { 'hcp/only-owner-writes': 'error' },
  },
);

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
  // ---------------------------------------------------------------- one date module: packages/contracts
  // Dates are parsed, checked, formatted and counted in packages/contracts/src/dates.ts only (docs/decisions/0160,
  // 0055): a second way of doing one of those is how the same date came to read differently on two pages. The
  // locale formatters answer in the machine's zone and format, so they are not used at all; Intl.DateTimeFormat
  // with an explicit zone lives in dates.ts.
  {
    files: ['packages/contracts/**/*.ts'],
    ignores: ['packages/contracts/src/dates.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'date-fns',
              message: 'Date helpers live in packages/contracts/src/dates.ts: import them from there.',
            },
          ],
          patterns: [
            {
              group: ['date-fns/*', '@date-fns/*'],
              message: 'Date helpers live in packages/contracts/src/dates.ts: import them from there.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          property: 'toLocaleDateString',
          message: 'Format dates with packages/contracts/src/dates.ts (formatDate, formatDateTimeIn).',
        },
        {
          property: 'toLocaleTimeString',
          message: 'Format times with packages/contracts/src/dates.ts (formatDateTimeIn, wallClockIn).',
        },
        {
          object: 'Date',
          property: 'parse',
          message: 'Parse dates with packages/contracts/src/dates.ts (parseCalendarDate, wallClockMinutesBetween).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@hcp/server', '@hcp/server/*'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
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

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The layering rule of ARCHITECTURE.md: domain/ is pure (no I/O, no framework), at any folder depth; the front
    // end never imports the server and the server never imports the front end.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: ['**/server/**', '**/src/**', '**/providers/**', '**/resources/**', 'react', 'react-*', 'fastify', 'kysely', 'pg', '@electric-sql/*', 'node:*'],
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/providers/**', '**/resources/**', 'react', 'react-*'] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'providers/**/*.{ts,tsx}', 'resources/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
);

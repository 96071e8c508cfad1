import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ROUTE_TO_ROUTE = 'A route folder does not import another route folder: move what they share to server/records/ or server/services/.';
const FRONT_END = ['**/src/**', '**/providers/**', '**/resources/**', 'react', 'react-*'];

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
  // The layers of ARCHITECTURE.md, at any folder depth. One rule object per group of files, since a later
  // `no-restricted-imports` for the same file replaces an earlier one: each lists every restriction its files have.
  {
    // domain/ is pure: no I/O, no framework, nothing of the layers above it.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: ['**/server/**', '**/src/**', '**/providers/**', '**/resources/**', 'react', 'react-*', 'fastify', 'kysely', 'pg', '@electric-sql/*', 'node:*'],
      }],
    },
  },
  {
    // The server never imports the front end; only the app (server/app.ts) mounts the routes, so no other server
    // code reaches into a route file.
    files: ['server/**/*.ts'],
    ignores: ['server/app.ts', 'server/routes/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...FRONT_END, '**/routes/**'] }] },
  },
  {
    files: ['server/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: FRONT_END }] },
  },
  // A route folder never imports another: what two folders share is a record (server/records/) or a service
  // (server/services/). From server/routes/<a>/ one '../' reaches routes/; from server/routes/<a>/<sub>/, two do.
  {
    files: ['server/routes/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: FRONT_END }, { regex: '^\\.\\./[^.]', message: ROUTE_TO_ROUTE }] }] },
  },
  {
    files: ['server/routes/*/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: FRONT_END }, { regex: '^\\.\\./\\.\\./[^.]', message: ROUTE_TO_ROUTE }] }] },
  },
  {
    // The browser code never imports the server.
    files: ['src/**/*.{ts,tsx}', 'providers/**/*.{ts,tsx}', 'resources/**/*.{ts,tsx}'],
    ignores: ['src/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // Generic components: no resource, no page (they are what resources and pages are built of).
    files: ['src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/resources/**', '**/pages/**'] }] },
  },
  {
    // Tests, benchmarks and scripts reach the routes through the app (server/app.ts), as a client does: what they
    // check of a route's parts lives outside server/routes (server/lists, server/records, services).
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/routes/**'] }] },
  },
);

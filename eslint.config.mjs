// One lint setup for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'infra/local/.*/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@swapbooth/*/src/*', '@swapbooth/*/dist/*'],
              message: 'Import a package from its root only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/*.js', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The web app: browser globals and the rules of hooks.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser, ...globals.jest } },
  },
  {
    // The web app reads the contracts' types only, so zod and the event code stay out of its bundle.
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@swapbooth/contracts',
              message: 'The web app imports types only from contracts: use `import type`.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@swapbooth/*/src/*', '@swapbooth/*/dist/*'],
              message: 'Import a package from its root only.',
            },
          ],
        },
      ],
    },
  },
);

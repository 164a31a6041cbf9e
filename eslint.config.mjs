// One lint setup for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const packageRootsOnly = {
  group: ['@swapbooth/*/src/*', '@swapbooth/*/dist/*'],
  message: 'Import a package from its root only.',
};

/** Refuses imports from a domain/ folder of a service into any other part of a service. */
function domainOnly(alsoAllowed) {
  const root = import.meta.dirname;
  return {
    basePath: root,
    zones: [
      {
        target: 'services/*/src/**/domain/**',
        from: 'services/*/src/**',
        except: ['domain', ...alsoAllowed].map((dir) => `${root}/services/*/src/**/${dir}/**`),
        message:
          'Domain code imports only domain/ files: declare a port in domain/ports.ts and wire its implementation in deps.ts.',
      },
    ],
  };
}

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
          patterns: [packageRootsOnly],
        },
      ],
    },
  },
  {
    // A service's use cases and rules depend on ports they declare, never on what implements them.
    // Allowed: the service's own domain files, node built-ins, plain libraries (zod, zipcodes, …)
    // and the shared vocabulary: @swapbooth/contracts (event and API shapes),
    // @swapbooth/service-kit (AppError, Logger, port shapes) and @swapbooth/event-bus (DomainEvent,
    // domainEvent, compareAndSet). Refused, type-only imports included: HTTP, database, cache and
    // broker clients, the service runtime (it hands out connections), and every file of the
    // service outside domain/ (below). deps.ts wires implementations to ports.
    files: ['services/*/src/**/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageRootsOnly,
            {
              group: [
                ...['express', 'mongoose', 'ioredis', 'kafkajs', '@swapbooth/runtime'].flatMap(
                  (name) => [name, `${name}/*`],
                ),
              ],
              message:
                'Domain code must not depend on infrastructure: declare a port in domain/ and implement it in data/ or adapters/.',
            },
          ],
        },
      ],
    },
  },
  {
    // ... and a domain file imports only domain files: not data/, adapters/, api/, events/, deps.ts,
    // config.ts or any other folder of the service, whatever its name. Paths are resolved, so a
    // folder that is not named here is refused too. A domain unit test may also use an adapter
    // (an in-process engine as its test double); nothing else outside domain/.
    files: ['services/*/src/**/domain/**'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', domainOnly([])] },
  },
  {
    files: ['services/*/src/**/domain/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', domainOnly(['adapters'])] },
  },
  {
    // No import cycles: a module and what it imports never lead back to it (type-only imports,
    // erased at compile time, are not counted). Packages are not followed into.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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

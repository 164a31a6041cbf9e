// Two projects: unit tests beside the code, component tests (real servers) in each workspace's test/.
const transform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
const moduleNameMapper = { '^@swapbooth/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts' };
const common = {
  transform,
  moduleNameMapper,
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{packages,services,gateway}/**/src/**/*.test.ts',
        // The commit-msg check the repository's hooks run.
        '<rootDir>/scripts/git-hooks/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'component',
      testMatch: [
        '<rootDir>/{packages,services,gateway}/**/test/**/*.test.ts',
        '<rootDir>/test/**/*.test.ts',
      ],
      // The fault suite is its own project (below).
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/faults/'],
      globalSetup: '<rootDir>/packages/test-kit/src/global-setup.ts',
      // Per test file: consumer groups of its own, and a record of the event bus for timeouts.
      setupFilesAfterEnv: ['<rootDir>/packages/test-kit/src/test-file-setup.ts'],
      globalTeardown: '<rootDir>/packages/test-kit/src/global-teardown.ts',
      testTimeout: 60000,
    },
    // The fault suite (test/faults): private servers it stops and slows, services as processes.
    // Only when a profile is chosen (npm run test:faults, or npm test's short run), never with the rest.
    ...(process.env.FAULTS_PROFILE
      ? [
          {
            ...common,
            displayName: 'faults',
            testMatch: ['<rootDir>/test/faults/**/*.fault.test.ts'],
            globalSetup: '<rootDir>/test/faults/support/global-setup.ts',
            globalTeardown: '<rootDir>/test/faults/support/global-teardown.ts',
            setupFilesAfterEnv: ['<rootDir>/test/faults/support/test-file-setup.ts'],
          },
        ]
      : []),
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/frontend/src/test/setup.ts'],
      transform: {
        '^.+\\.tsx?$': [
          '@swc/jest',
          {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
            module: { type: 'commonjs' },
          },
        ],
      },
      moduleNameMapper: {
        '\\.css$': '<rootDir>/frontend/src/test/style-mock.cjs',
        '\\.(svg|png|jpe?g|webp|gif)$': '<rootDir>/frontend/src/test/file-mock.cjs',
      },
      modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
    },
  ],
};

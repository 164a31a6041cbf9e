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
      testMatch: ['<rootDir>/{packages,services,gateway}/**/src/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'component',
      testMatch: [
        '<rootDir>/{packages,services,gateway}/**/test/**/*.test.ts',
        '<rootDir>/test/**/*.test.ts',
      ],
      globalSetup: '<rootDir>/packages/test-kit/src/global-setup.ts',
      globalTeardown: '<rootDir>/packages/test-kit/src/global-teardown.ts',
      testTimeout: 60000,
    },
  ],
};

import type { Config } from 'jest';

const moduleNameMapper = {
  '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
  '^@app/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.spec.json' }] as [string, object] };

/**
 * Two projects: `unit` (pure code, no services) and `integration` (the built API and worker as
 * real processes against PostgreSQL, Redis and the S3 server; see test/setup).
 */
const config: Config = {
  testTimeout: 120_000,
  // Integration tests run one file at a time: they share the global rules row and a 2-core box.
  maxWorkers: 1,
  // A leaked socket must never hold CI hostage; leaked processes are stopped per file (see setup).
  forceExit: true,
  projects: [
    {
      displayName: 'unit',
      rootDir: '.',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts'],
      moduleNameMapper,
      transform,
    },
    {
      displayName: 'integration',
      rootDir: '.',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/setup/stop-leftover-processes.ts'],
      moduleNameMapper,
      transform,
    },
  ],
};

export default config;

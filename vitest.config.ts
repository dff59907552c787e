import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: [
      // Fails the run when a process a test started outlives it (its teardown runs last).
      'test/setup/leftovers.ts',
      // Runs several files read (the default `bench run`), built once, when first asked.
      'test/setup/shared-runs.ts',
    ],
    // Stops the children a file tracked (test/children.ts) after it, whatever happened.
    setupFiles: ['test/setup/children.ts'],
  },
});

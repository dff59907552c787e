import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Fails the run when a process a test started outlives it.
    globalSetup: ['test/setup/leftovers.ts'],
    // Stops the children a file tracked (test/children.ts) after it, whatever happened.
    setupFiles: ['test/setup/children.ts'],
  },
});

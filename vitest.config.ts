import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: they measure the process (RSS, heap), which the modules
 * and garbage of other files sharing a worker would change.
 */
const OWN_PROCESS = ['test/backend/soak.test.ts'];

const common = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // Stops the children a file tracked (test/children.ts) after it, whatever happened.
  setupFiles: ['test/setup/children.ts'],
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the suite
    // then used little more than one core (many files mostly wait for the CLI processes they start).
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: [
      // Gives the run one temp folder (TMPDIR), removed at teardown: no test's scratch outlives it.
      // First, so that its teardown runs after leftovers.ts has stopped what a test left running.
      'test/setup/scratch.ts',
      // Fails the run when a process a test started outlives it.
      'test/setup/leftovers.ts',
      // Runs several files read (the default `bench run`), built once, when first asked.
      'test/setup/shared-runs.ts',
    ],
    projects: [
      {
        test: {
          ...common,
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: OWN_PROCESS,
          // A worker runs file after file in one module graph: each file no longer loads the bench's
          // modules again (a fifth of the suite's CPU went there). No file mocks a module; a file
          // that changes process state (env, cwd) restores it.
          isolate: false,
        },
      },
      { test: { ...common, name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});

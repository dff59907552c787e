import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // sim seats run on the virtual clock (seconds); a real seat's trial takes minutes
    testTimeout: 120_000,
  },
});

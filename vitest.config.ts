import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most of the suite waits: on CLI children, the sandbox, PostgreSQL and worker processes. Vitest's
// default (one worker per core less one) leaves a 2-core machine running one test file at a time
// while a core sits idle, so small machines run three files at once.
const cores = availableParallelism();

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    ...(cores <= 2 ? { maxWorkers: 3, minWorkers: 1 } : {}),
    globalSetup: ['test/global-setup.ts'],
  },
});

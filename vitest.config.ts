import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/lingui-macro';

const alias = {
  '@': path.resolve(import.meta.dirname, 'client/src'),
  '@common': path.resolve(import.meta.dirname, 'common'),
};

/**
 * The server test processes run PGlite's WebAssembly (most files start and close an embedded
 * database) beside undici's. Under Node 24 (V8 13.6) WebAssembly code collection can free a
 * shared import wrapper that a tier-up still holds, and V8 aborts the worker
 * (`jit_page_->allocations_.erase(addr) == 1` in `UnregisterWasmAllocation`, nodejs/node#66366,
 * fixed in V8 but not in any 24.x yet); it killed a PostgreSQL-stage worker in CI.
 * Without code collection that race has nothing to free; a test process is short-lived, so keeping
 * dead WebAssembly code costs little. Node 20 accepts the flag too. Remove it once Node 24 has the fix.
 */
const serverWorkerArgs = ['--no-wasm-code-gc'];

/** What the server and fleet projects share: Node, the run's migrated database image, the audit key, the limits. */
const serverTestSettings = {
  environment: 'node' as const,
  globalSetup: ['server/src/test/global-setup.ts'],
  setupFiles: ['server/src/test/audit-key-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  execArgv: serverWorkerArgs,
};

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './scripts/slowest-test-files.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which
    // then waits on every database round trip, child process and NATS message alone. Two keep
    // both cores busy (a test file's own timings stay well inside their limits).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/src/features/fleet/**', '**/node_modules/**'],
          ...serverTestSettings,
          // Every server test file builds its own app over its own database, so nothing is shared
          // between files but the module cache: importing the server once per worker instead of
          // once per file halves the run.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // The fleet files start NATS servers on free ports and durable consumers named by vessel:
          // each gets a process of its own, so nothing of one file's fleet can meet the next one's.
          name: 'fleet',
          include: ['server/src/features/fleet/**/*.test.ts'],
          ...serverTestSettings,
        },
      },
      {
        resolve: { alias },
        // The interface's words go through Lingui's macros and catalogs, as in the build.
        plugins: [linguiMacro(), lingui()],
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The network is Mock Service Worker's: each test declares what the server answers.
          setupFiles: ['client/src/test/waiting.ts', 'client/src/test/network.ts', 'client/src/test/language.ts'],
          // In CI the server tests on PostgreSQL run beside these on the same two cores: a screen
          // that renders in a second here may take several there. Locally Vitest's 5 s stand.
          ...(process.env.CI ? { testTimeout: 15_000 } : {}),
        },
      },
    ],
  },
});

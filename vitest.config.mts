import { defineConfig } from 'vitest/config';

// Three tiers, each a vitest project: `npm test` runs them all and prints counts per tier.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          // expect.poll waits for the page to catch up (scroll frames, parse progress); its 1 s
          // default fails on a loaded 2-core machine while the page is merely slow.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

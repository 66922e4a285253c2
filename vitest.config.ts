import { defineConfig } from "vitest/config";

/**
 * The root config: every package (and tools/) is a project with its own `vitest.config.ts`,
 * each built on `vitest.shared.ts`. `pnpm exec vitest run` here runs them all; the test command
 * runs each through turbo, so unchanged packages come from its cache.
 */
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "tools/vitest.config.ts"],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One real PostgreSQL server for the whole run, started and stopped here (test/setup/postgres.ts).
    globalSetup: ["test/setup/postgres.ts"],
    reporters: ["default", "json"],
    outputFile: { json: ".vitest/report.json" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

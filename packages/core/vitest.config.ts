import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    reporters: ["default", "json"],
    outputFile: { json: ".vitest/report.json" },
    testTimeout: 15_000,
  },
});

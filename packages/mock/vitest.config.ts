import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    reporters: ["default", "json"],
    outputFile: { json: ".vitest/report.json" },
    testTimeout: 15_000,
    // The files share no global state; reusing workers keeps the compiled spec validators across files.
    isolate: false,
  },
});

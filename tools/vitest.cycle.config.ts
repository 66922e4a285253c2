// `pnpm test:release`: the release cycle on a scratch clone (tools/release-cycle), minutes long,
// so outside the test command, with the other scratch-clone tests of the spec → release flow
// (spec:changeset, the structure + overlay split); CI runs it after the README's test command (.ci/run).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["release-cycle/**/*.test.ts"],
    reporters: ["default", "json"],
    outputFile: { json: ".vitest/cycle/report.json" },
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});

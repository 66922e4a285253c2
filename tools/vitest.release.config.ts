// Tests of the release artefacts, run by the test command after the build, `pnpm size` and
// `pnpm docs` (they need dist/ and docs/): the packed tarballs installed into a scratch
// consumer, the publish dry-run, and the rendered docs. Not in vitest.config.ts, which turbo
// runs alongside the builds.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["release-test/**/*.test.ts"],
    globalSetup: ["release-test/setup/pack.ts"],
    reporters: ["default", "json"],
    outputFile: { json: ".vitest/release/report.json" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

// Tests of the release artefacts, run by the test command after the build, `pnpm size` and
// `pnpm docs` (they need dist/ and docs/): the packed tarballs installed into a scratch
// consumer, the publish dry-run, and the rendered docs. Not in vitest.config.ts, which turbo
// runs alongside the builds. Two projects, so the test command runs the packed ones while the
// docs build (which the render test needs) is still going: `pack` (packs every publishable
// package once per run, see release-test/setup/pack.ts) and `docs`.
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const DOCS_TESTS = ["release-test/docs-render.test.ts"];

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    reporters: ["default", "json"],
    outputFile: { json: ".vitest/release/report.json" },
    testTimeout: 180_000,
    // The pack project's setup installs every package with npm: minutes on a loaded machine.
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: "pack",
          include: ["release-test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...DOCS_TESTS],
          globalSetup: ["release-test/setup/pack.ts"],
        },
      },
      { extends: true, test: { name: "docs", include: DOCS_TESTS } },
    ],
  },
});

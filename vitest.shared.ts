import { mergeConfig, type TestUserConfig, type ViteUserConfig } from "vitest/config";

/**
 * What every package's tests share: test files under `test/`, type tests (`*.test-d.ts`) checked
 * by the package's `typecheck` task (not a second time by vitest), a JSON report in `.vitest/report.json` (summed by
 * `tools/test.mjs` into the suite's closing line) and a 60 s test timeout (a hang guard). A package's
 * `vitest.config.ts` adds only what is its own (`projectConfig({ test: { globalSetup } })`).
 * `projectTest` is the settings of each package (or of each project of a package's config),
 * `report` the run's.
 */
export const projectTest: TestUserConfig = {
  include: ["test/**/*.test.ts"],
  // Type tests (`*.test-d.ts`) are compiled by each package's `typecheck` task (`tsc -p
  // tsconfig.json`, which includes test/): an `expectTypeOf` that does not hold, or an unused
  // `@ts-expect-error`, fails it. Vitest's own typecheck pass would run the same tsc a second time.
  typecheck: { enabled: false, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  // Hang guards, not speed checks: a test that waits for events passes however slow the
  // machine is, so its time limit only has to catch one that would never end. Two busy
  // loops on two cores made CPU-heavy tests (a property test, a codegen run) take 4× longer.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // One worker runs many files, reusing the modules it has loaded: with a fresh module graph
  // per file, loading the clients took most of each package's time (gateway-client 25 s → 11 s).
  // Tests keep no state between files (servers, clocks and env are per test and restored);
  // a file that cannot share a worker says so in its package's config.
  isolate: false,
  // `globalThis.gc` for the tests that prove a timeout or abort survives a garbage collection
  // (undici links a Request's signal to the one it follows only through a WeakRef). Those call
  // a full collection every 100 ms while they wait: with V8's parallel collector each one kept
  // both cores busy (core's timeout-after-gc file: 15 s of CPU alone → 12 s single-threaded).
  execArgv: ["--expose-gc", "--single-threaded-gc"],
  // The workspace packages' builds are loaded by Node itself, as their dependencies under
  // node_modules are, not through Vite's transform (they are plain JavaScript already; a test
  // imports a package's own sources by path): the CLI's and the fakes' tests about 3 s less CPU.
  server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
};

/** The run's report, which `tools/test.mjs` reads (a setting of the whole run, not of a project). */
export const report: Pick<TestUserConfig, "reporters" | "outputFile"> = {
  reporters: ["default", "json"],
  outputFile: { json: ".vitest/report.json" },
};

const shared: ViteUserConfig = { test: { ...projectTest, ...report } };

/** The shared settings with a package's own on top. */
export function projectConfig(own: ViteUserConfig = {}): ViteUserConfig {
  return mergeConfig(shared, own);
}

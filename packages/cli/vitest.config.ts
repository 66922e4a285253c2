import { configDefaults, defineConfig } from "vitest/config";
import { projectConfig } from "../../vitest.shared.js";

/**
 * The files that fake time for a whole file: the in-process CLI runs arm the module-level timers
 * of core (the shared attempt-deadline timer) and undici (its timeout tick) with real timers, so
 * these need a module graph of their own, where those timers are armed under the fake clock (a
 * worker per file, `isolate: true`).
 */
const OWN_MODULE_GRAPH = ["test/unit/gateway-timeouts.test.ts", "test/e2e/image-tasks.test.ts"];

// The shared settings, split: the report is the run's, the rest each project's. Not the shared
// config at the top with `extends: true` below: a project's `include` would add to the top's.
const { reporters, outputFile, ...shared } = projectConfig().test ?? {};

// The other files share workers and the modules they loaded (vitest.shared.ts, `isolate:
// false`): a fresh module graph per file made loading the CLI most of this package's CPU time
// (87 s → 42 s). Two workers, not four: each loads the CLI once more (42 s → 35 s of CPU), and
// the run took as long (about 53 s alone on 2 cores), the e2e files waiting on servers and
// child processes, not on the CPU.
export default defineConfig({
  test: {
    reporters,
    outputFile,
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: "cli",
          exclude: [...configDefaults.exclude, ...OWN_MODULE_GRAPH],
        },
      },
      {
        test: {
          ...shared,
          name: "cli (own module graph)",
          include: OWN_MODULE_GRAPH,
          isolate: true,
        },
      },
    ],
  },
});

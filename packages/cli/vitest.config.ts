import { configDefaults, defineConfig } from "vitest/config";
import { projectTest, report } from "../../vitest.shared.js";

/**
 * The files that fake time for a whole file: the in-process CLI runs arm the module-level timers
 * of core (the shared attempt-deadline timer) and undici (its timeout tick) with real timers, so
 * these need a module graph of their own, where those timers are armed under the fake clock (a
 * worker per file, `isolate: true`).
 */
const OWN_MODULE_GRAPH = ["test/unit/gateway-timeouts.test.ts", "test/e2e/image-tasks.test.ts"];

// Projects built from the shared settings, not `extends: true` below `projectConfig()`: a
// project's `include` would add to the top's. The other files share workers and the modules
// they loaded (`isolate: false`, as in vitest.shared.ts): a fresh module graph per file made
// loading the CLI most of this package's CPU time (87 s → 42 s). Two workers, not four: each
// loads the CLI once more (42 s → 35 s of CPU), and the run took as long (about 53 s alone on
// 2 cores), the e2e files waiting on servers and child processes, not on the CPU.
export default defineConfig({
  test: {
    ...report,
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...projectTest,
          name: "cli",
          exclude: [...configDefaults.exclude, ...OWN_MODULE_GRAPH],
        },
      },
      {
        test: {
          ...projectTest,
          name: "cli (own module graph)",
          include: OWN_MODULE_GRAPH,
          isolate: true,
        },
      },
    ],
  },
});

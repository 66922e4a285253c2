import { projectConfig } from "../../vitest.shared.js";

// The e2e tests mostly wait on servers and child processes, not on the CPU.
// A worker per file (`isolate: true`): the in-process CLI runs arm the module-level timers of
// core (the shared attempt-deadline timer) and undici (its timeout tick) with real timers, and
// the files that fake time for a whole file (gateway-timeouts, image-tasks) need a module graph
// of their own, where those timers are armed under the fake clock.
export default projectConfig({
  test: { name: "cli", maxWorkers: 4, isolate: true },
});

import { projectConfig } from "../../vitest.shared.js";

// The e2e tests mostly wait on child processes and server timers, not on the CPU.
export default projectConfig({
  test: { name: "cli", maxWorkers: 4, testTimeout: 20_000, hookTimeout: 20_000 },
});

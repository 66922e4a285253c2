import { test } from "vitest";
import {
  type HostileHandler,
  type HostileOptions,
  type HostileServer,
  startHostileServer,
} from "./internal/hostile.js";

/**
 * Vitest's `test` with a `hostile` fixture: `hostile(handler)` starts a hostile server for this
 * test, and every server it started is stopped when the test ends, pass or fail. The shared
 * replacement of each suite's own `let server; afterEach(stop)`.
 */
export const hostileTest = test.extend<{
  hostile: (handler: HostileHandler, options?: HostileOptions) => Promise<HostileServer>;
}>({
  // vitest reads the fixtures a test uses from this first parameter's destructuring: it must be a pattern.
  // biome-ignore lint/correctness/noEmptyPattern: vitest needs a pattern here, and this fixture uses none.
  hostile: async ({}, use) => {
    const started: HostileServer[] = [];
    await use(async (handler, options) => {
      const server = await startHostileServer(handler, options);
      started.push(server);
      return server;
    });
    await Promise.all(started.map((server) => server.stop()));
  },
});

// A timeout must fire whatever `fetch` is passed: undici links a Request's signal to the one it
// follows only through a WeakRef, so after a garbage collection an abort passed through a
// wrapper's own Request (`(r) => fetch(r)`) or an undici dispatcher may never arrive.
import { settleWithGc, userFetches } from "@feedgate/test-harness";
import { expect, it } from "vitest";
import { createResilientFetch } from "../../src/index.js";

it.each([
  ...userFetches(),
  ["a wrapper passing init", (r: Request, init?: RequestInit) => fetch(r, init)],
])("the attempt timeout fires through %s after a garbage collection", async (_, wrapped) => {
  const rf = createResilientFetch({ fetch: wrapped, timeoutMs: 400, maxRetries: 0 });
  const { settled, error } = await settleWithGc((origin) => rf(`${origin}/hang`));
  expect(settled).toBe(true);
  expect(error).toMatchObject({ kind: "timeout", code: "attempt_timeout" });
});

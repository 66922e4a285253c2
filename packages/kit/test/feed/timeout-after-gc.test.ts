// Issue 33, item 1: hotTopics' timeout fires with a wrapped fetch after a garbage collection
// (undici keeps a Request's link to the signal it follows only through a WeakRef).
import { settleWithGc } from "@feedgate/test-harness";
import { expect, it } from "vitest";
import { createFeedKit } from "../../src/feed/index.js";

it("hotTopics' timeoutMs fires through a wrapped fetch after a garbage collection", async () => {
  const { settled, error } = await settleWithGc((baseUrl) =>
    createFeedKit({
      baseUrl,
      fetch: (r: Request) => fetch(r),
      timeoutMs: 400,
      maxRetries: 0,
    }).hotTopics(),
  );
  expect(settled).toBe(true);
  expect(error).toMatchObject({ kind: "timeout", code: "attempt_timeout" });
});

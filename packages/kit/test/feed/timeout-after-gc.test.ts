// Issue 33, item 1: hotTopics' timeout fires whatever fetch is passed (a wrapper, an undici
// Agent dispatcher) after a garbage collection (undici keeps a Request's link to the signal it
// follows only through a WeakRef).
import { settleWithGc, userFetches } from "@feedgate/test-harness";
import { expect, it } from "vitest";
import { createFeedKit } from "../../src/feed/index.js";

it.each(userFetches())(
  "hotTopics' timeoutMs fires through %s after a garbage collection",
  async (_, fetch) => {
    const { settled, error } = await settleWithGc((baseUrl) =>
      createFeedKit({ baseUrl, fetch, timeoutMs: 400, maxRetries: 0 }).hotTopics(),
    );
    expect(settled).toBe(true);
    expect(error).toMatchObject({ kind: "timeout", code: "attempt_timeout" });
  },
);

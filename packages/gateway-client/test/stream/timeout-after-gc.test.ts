// Issue 33, item 1: a per-attempt timeout fires with a wrapped fetch after a garbage collection
// (undici keeps a Request's link to the signal it follows only through a WeakRef).
import { settleWithGc } from "@feedgate/test-harness";
import { expect, it } from "vitest";
import { createGatewayClient, type GatewayClient } from "../../src/index.js";

it.each<[string, (client: GatewayClient) => Promise<unknown>]>([
  ["responses.create", (c) => c.responses.create({ model: "m", input: "x" })],
  ["responses.countInputTokens", (c) => c.responses.countInputTokens({ model: "m", input: "x" })],
])("%s: timeoutMs fires through a wrapped fetch after a garbage collection", async (_, call) => {
  const { settled, error } = await settleWithGc((baseUrl) =>
    call(
      createGatewayClient({
        baseUrl,
        apiKey: "sk-test-timeout-gc-key",
        fetch: (r: Request) => fetch(r),
        timeoutMs: 400,
        maxRetries: 0,
      }),
    ),
  );
  expect(settled).toBe(true);
  expect(error).toMatchObject({ kind: "timeout" });
});

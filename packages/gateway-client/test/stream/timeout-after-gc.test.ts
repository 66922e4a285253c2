// Issue 33, item 1: a per-attempt timeout fires whatever fetch is passed (a wrapper, an undici
// Agent dispatcher) after a garbage collection (undici keeps a Request's link to the signal it
// follows only through a WeakRef).
import { settleWithGc, userFetches } from "@feedgate/test-harness";
import { expect, it } from "vitest";
import { createGatewayClient, type GatewayClient } from "../../src/index.js";

const calls: [string, (client: GatewayClient) => Promise<unknown>][] = [
  ["responses.create", (c) => c.responses.create({ model: "m", input: "x" })],
  ["responses.countInputTokens", (c) => c.responses.countInputTokens({ model: "m", input: "x" })],
];

it.each(
  calls.flatMap(([name, call]) =>
    userFetches().map(([how, fetch]) => [name, how, call, fetch] as const),
  ),
)("%s: timeoutMs fires through %s after a garbage collection", async (_, __, call, fetch) => {
  const { settled, error } = await settleWithGc((baseUrl) =>
    call(
      createGatewayClient({
        baseUrl,
        apiKey: "sk-test-timeout-gc-key",
        fetch,
        timeoutMs: 400,
        maxRetries: 0,
      }),
    ),
  );
  expect(settled).toBe(true);
  expect(error).toMatchObject({ kind: "timeout" });
});

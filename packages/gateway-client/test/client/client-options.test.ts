// Issue 22 (2): one options base. Both clients' options extend core's ClientOptions, and the
// shared `signal` cancels every call of the client.
import type { ClientOptions } from "@feedgate/core";
import { hanging } from "@feedgate/test-harness";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createGatewayClient, type GatewayClientOptions } from "../../src/index.js";

describe("the shared options base", () => {
  it("GatewayClientOptions is a ClientOptions: the same names, of the same types", () => {
    expectTypeOf<Pick<GatewayClientOptions, keyof ClientOptions>>().toEqualTypeOf<ClientOptions>();
  });

  it("the client's signal cancels a call and an open stream's request", async () => {
    const controller = new AbortController();
    const gateway = createGatewayClient({
      baseUrl: "https://gateway.example",
      apiKey: "sk-client-options-1",
      fetch: hanging,
      signal: controller.signal,
    });
    const call = gateway.responses.create({ model: "m", input: "hi" });
    const stream = gateway.responses.stream({ model: "m", input: "hi" });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: "aborted" });
    await expect(stream).rejects.toMatchObject({ kind: "aborted" });
  });
});

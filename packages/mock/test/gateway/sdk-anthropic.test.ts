// The official `@anthropic-ai/sdk` against the gateway fake (issue 20 item 1). The gateway routes
// only POST /v1/messages on the Claude side, so messages.countTokens meets the NoRoute 404 on the
// real gateway (no credential checked): NotFoundError, whatever the key. With the route opted in,
// the fake shows that both `apiKey` (x-api-key) and `authToken` (Bearer) authenticate there.
import Anthropic from "@anthropic-ai/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import type { GatewayFake } from "../../src/index.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let source: GatewayFake;
let routed: GatewayFake;
const model = "claude-sonnet-4-5";
const messages = [{ role: "user" as const, content: "How many tokens is this?" }];

beforeAll(async () => {
  [source, routed] = await Promise.all([servers.gateway(), servers.gateway({ unrouted: [] })]);
});

const sdk = (fake: GatewayFake, credential: { apiKey: string } | { authToken: string }) =>
  new Anthropic({ baseURL: fake.url, maxRetries: 0, apiKey: null, authToken: null, ...credential });

describe("@anthropic-ai/sdk: messages.countTokens", () => {
  it("is unrouted on the real gateway: NotFoundError (NoRoute 404) with apiKey, authToken or a wrong key", async () => {
    for (const credential of [
      { apiKey: source.apiKey },
      { authToken: source.apiKey },
      { apiKey: "sk-wrong" },
    ]) {
      const error = await sdk(source, credential)
        .messages.countTokens({ model, messages })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.NotFoundError);
      expect(String((error as Error).message)).toContain(
        "Invalid URL (POST /v1/messages/count_tokens)",
      );
    }
  });

  it("where an operator routes it: counts with apiKey (x-api-key) and with authToken (Bearer)", async () => {
    for (const credential of [{ apiKey: routed.apiKey }, { authToken: routed.apiKey }]) {
      const counted = await sdk(routed, credential).messages.countTokens({ model, messages });
      expect(counted.input_tokens).toBeGreaterThan(0);
    }
    // The SDK's anthropic-version header is whatever it sends; the source never checks it.
    expect(routed.requests.at(-1)?.headers["anthropic-version"]).toBeTruthy();
  });

  it("typed errors: a wrong key AuthenticationError, an unknown model the 503 InternalServerError, a 429 RateLimitError", async () => {
    const wrong = await sdk(routed, { apiKey: "sk-wrong" })
      .messages.countTokens({ model, messages })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(Anthropic.AuthenticationError);
    const client = sdk(routed, { apiKey: routed.apiKey });
    const unknown = await client.messages
      .countTokens({ model: "claude-unknown", messages })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Anthropic.InternalServerError);
    expect(unknown).toMatchObject({ status: 503 });
    expect(String((unknown as Error).message)).toContain(
      "No available channel for model claude-unknown",
    );
    routed.faults.add({
      route: "countMessageTokens",
      fault: { type: "status", status: 429 },
      times: 1,
    });
    await expect(client.messages.countTokens({ model, messages })).rejects.toBeInstanceOf(
      Anthropic.RateLimitError,
    );
  });
});

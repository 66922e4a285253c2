import { describe, expect, it } from "vitest";
import {
  createGatewayClient,
  isFeedgateError,
  RateLimitError,
  ServerError,
} from "../../src/index.js";

/** The gateway relays an upstream 200 whose `error` has a type as HTTP 200 `{"error":{…}}` (N13). */
const answering = (body: unknown) =>
  createGatewayClient({
    baseUrl: "http://127.0.0.1:9",
    apiKey: "sk-test-error-in-200",
    maxRetries: 0,
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json", "x-oneapi-request-id": "req-200-error" },
      }),
  });

describe("an error the gateway answers with HTTP 200 is the typed error it names, with its code", () => {
  it("a typed error object: ServerError carrying the upstream's code and message", async () => {
    const client = answering({
      error: {
        message: "The server is overloaded",
        type: "server_error",
        code: "server_overloaded",
        param: "",
      },
    });
    const error = await client.responses
      .create({ model: "gpt-5.2", input: "hi" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(isFeedgateError(error) && error.code).toBe("server_overloaded");
    expect(isFeedgateError(error) && error.message).toContain("The server is overloaded");
    expect(isFeedgateError(error) && error.requestId).toBe("req-200-error");
  });

  it("a numeric code names the status: 429 is a RateLimitError", async () => {
    const client = answering({
      error: {
        message: "Resource has been exhausted",
        type: "upstream_error",
        code: 429,
        param: "",
      },
    });
    const error = await client.responses
      .create({ model: "gpt-5.2", input: "hi" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
  });

  it("a string error is kept too", async () => {
    const client = answering({ error: "upstream said no" });
    const error = await client.responses
      .create({ model: "gpt-5.2", input: "hi" })
      .catch((e: unknown) => e);
    expect(isFeedgateError(error) && error.message).toContain("upstream said no");
    expect(isFeedgateError(error, "invalid_response")).toBe(false);
  });

  it("a 200 without an error and without the shape is still invalid_response", async () => {
    const client = answering({ unexpected: true });
    const error = await client.responses
      .create({ model: "gpt-5.2", input: "hi" })
      .catch((e: unknown) => e);
    expect(isFeedgateError(error, "invalid_response")).toBe(true);
  });
});

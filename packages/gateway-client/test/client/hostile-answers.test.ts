import { type HostileServer, sendEndless, sendJson } from "@feedgate/test-harness";
import { hostileTest as it } from "@feedgate/test-harness/fixtures";
import { describe, expect } from "vitest";
import { createGatewayClient, isFeedgateError } from "../../src/index.js";
import { MINIMAL_RESPONSE } from "../support/operations.js";

const KEY = "sk-hostile-test-key-0123456789";
const client = (
  server: HostileServer,
  extra: Parameters<typeof createGatewayClient>[0] extends infer O ? Partial<O> : never = {},
) => createGatewayClient({ baseUrl: server.origin, apiKey: KEY, ...extra });

describe("JSON answers are capped", () => {
  it("an endless JSON body fails with response_too_large, not after a timeout", async ({
    hostile,
  }) => {
    const server = await hostile((_req, res) =>
      sendEndless(res, `{"id":"resp_${"a".repeat(16_000)}`),
    );
    const error = await client(server, { maxResponseBytes: 128 * 1024 })
      .responses.retrieve("resp_1")
      .catch((e: unknown) => e);
    expect(isFeedgateError(error) && error.kind).toBe("response_too_large");
    expect((error as Error).message).toContain("over maxResponseBytes (131072 bytes)");
  });

  it("a Content-Length over the cap is refused unread; under the cap passes", async ({
    hostile,
  }) => {
    const padded = { ...MINIMAL_RESPONSE, pad: "x".repeat(50_000) };
    const server = await hostile((_req, res) => sendJson(res, 200, padded));
    const small = await client(server, { maxResponseBytes: 10_000 })
      .responses.retrieve("resp_1")
      .catch((e: unknown) => e);
    expect(isFeedgateError(small) && small.kind).toBe("response_too_large");
    const fits = await client(server, { maxResponseBytes: 60_000 }).responses.retrieve("resp_1");
    expect((fits as unknown as { pad: string }).pad).toHaveLength(50_000);
  });

  it("refuses a cap that is not a positive whole number", () => {
    for (const maxStreamLineBytes of [0, -5, 1.5]) {
      expect(() =>
        createGatewayClient({ baseUrl: "http://127.0.0.1:9", apiKey: KEY, maxStreamLineBytes }),
      ).toThrow(/maxStreamLineBytes/);
    }
  });
});

const sse = (res: import("node:http").ServerResponse) =>
  res.writeHead(200, { "content-type": "text/event-stream" });

describe("streams are capped per line and per event", () => {
  it("an endless line (no newline ever) ends the stream with response_too_large", async ({
    hostile,
  }) => {
    const server = await hostile((_req, res) =>
      sendEndless(res, `data: ${"x".repeat(8192)}`, { "content-type": "text/event-stream" }),
    );
    const stream = await client(server, { maxStreamLineBytes: 64 * 1024 }).responses.stream({
      model: "m",
      input: "hi",
    });
    const events: unknown[] = [];
    const error = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error) && error.kind).toBe("response_too_large");
    expect((error as Error).message).toMatch(/line of the event stream is larger than 65536 bytes/);
    expect(events).toEqual([]);
  });

  it("an endless event made of short lines ends with response_too_large", async ({ hostile }) => {
    const server = await hostile((_req, res) =>
      sendEndless(res, "data: xxxxxxxxxxxxxxxx\n".repeat(512), {
        "content-type": "text/event-stream",
      }),
    );
    const stream = await client(server, { maxStreamEventBytes: 256 * 1024 }).responses.stream({
      model: "m",
      input: "hi",
    });
    const error = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error) && error.kind).toBe("response_too_large");
    expect((error as Error).message).toMatch(
      /event of the event stream is larger than 262144 bytes/,
    );
  });

  it("many ordinary events, together far over the event cap, pass", async ({ hostile }) => {
    const delta = (i: number) =>
      `event: response.output_text.delta\ndata: ${JSON.stringify({ type: "response.output_text.delta", delta: `w${i} `, item_id: "m", output_index: 0, content_index: 0, sequence_number: i })}\n\n`;
    const server = await hostile((_req, res) => {
      sse(res);
      for (let i = 0; i < 300; i++) res.write(delta(i));
      res.end(
        `event: response.completed\ndata: ${JSON.stringify({ type: "response.completed", sequence_number: 300, response: { id: "resp_1", object: "response", status: "completed", output: [] } })}\n\n`,
      );
    });
    const stream = await client(server, {
      maxStreamEventBytes: 4096,
      maxStreamLineBytes: 1024,
    }).responses.stream({ model: "m", input: "hi" });
    let deltas = 0;
    for await (const event of stream) if (event.type === "response.output_text.delta") deltas++;
    expect(deltas).toBe(300);
  });
});

describe("HTTP 500 invalid_request is a request error", () => {
  it("is typed invalid_request (the gateway's validation answer), not a server error", async ({
    hostile,
  }) => {
    const body = {
      error: {
        message: "field input is required",
        type: "new_api_error",
        param: "",
        code: "invalid_request",
      },
    };
    const server = await hostile((_req, res) => sendJson(res, 500, body));
    const error = await client(server)
      .responses.create({ model: "m", input: "hi" })
      .catch((e: unknown) => e);
    expect(isFeedgateError(error) && error.kind).toBe("invalid_request");
    expect(error).toMatchObject({ status: 500, code: "invalid_request" });
  });
});

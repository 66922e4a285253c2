import { type HostileServer, sendJson } from "@feedgate/test-harness";
import { hostileTest as it } from "@feedgate/test-harness/fixtures";
import { describe, expect } from "vitest";
import { ConfigError, createGatewayClient, isFeedgateError } from "../../src/index.js";

const KEY = "sk-redact-Zq8rT41vKp0aLx9mWc2";
const client = (server: HostileServer) =>
  createGatewayClient({ baseUrl: server.origin, apiKey: KEY });
/** Every place a caller could print: message, fields, envelope. */
const everything = (error: unknown) =>
  JSON.stringify({ error, message: (error as Error).message, stack: (error as Error).stack });

describe("a hostile gateway cannot make an error carry the key", () => {
  it("the key echoed in x-request-id is redacted from requestId", async ({ hostile }) => {
    const server = await hostile((_req, res) =>
      sendJson(
        res,
        400,
        { error: { message: "bad", type: "invalid_request_error", code: "bad" } },
        { "x-request-id": `req-${KEY}` },
      ),
    );
    const error = await client(server)
      .responses.create({ model: "m", input: "x" })
      .catch((e: unknown) => e);
    expect(isFeedgateError(error)).toBe(true);
    expect((error as { requestId: string }).requestId).toBe("req-[redacted]");
    expect(everything(error)).not.toContain(KEY.slice(3));
  });

  it("the key as a JSON property name is redacted from the envelope", async ({ hostile }) => {
    const server = await hostile((_req, res) =>
      sendJson(res, 400, { error: { message: "bad", type: "x", code: "bad", [KEY]: "echo" } }),
    );
    const error = await client(server)
      .responses.create({ model: "m", input: "x" })
      .catch((e: unknown) => e);
    expect(everything(error)).not.toContain(KEY.slice(3));
  });

  it("the key straddling the 500-character cut of a text body is redacted before the cut", async ({
    hostile,
  }) => {
    const server = await hostile((_req, res) => {
      res.writeHead(502, { "content-type": "text/plain" }).end(`${"x".repeat(492) + KEY} tail`);
    });
    const error = await client(server)
      .responses.create({ model: "m", input: "x" })
      .catch((e: unknown) => e);
    expect(isFeedgateError(error)).toBe(true);
    expect(everything(error)).not.toContain(KEY.slice(0, 8));
  });

  it("the key as a stream error's code is redacted", async ({ hostile }) => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream", "x-request-id": KEY });
      res.end(
        `event: error\ndata: ${JSON.stringify({ type: "error", code: KEY, message: `leak ${KEY}` })}\n\n`,
      );
    });
    const stream = await client(server).responses.stream({ model: "m", input: "x" });
    expect(stream.requestId).toBe("[redacted]");
    const error = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error) && error.kind).toBe("stream");
    expect(everything(error)).not.toContain(KEY.slice(3));
  });

  it("the key straddling the 120-character cut of a malformed event is redacted before the cut", async ({
    hostile,
  }) => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`data: ${"y".repeat(112)}${KEY}\n\n`);
    });
    const stream = await client(server).responses.stream({ model: "m", input: "x" });
    const error = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error)).toBe(true);
    expect(everything(error)).not.toContain(KEY.slice(0, 8));
  });
});

describe("a key that cannot be redacted or sent safely is refused before any request", () => {
  for (const [name, key] of [
    ["under 4 characters", "abc"],
    ["with NUL", "sk-abc\u0000def"],
    ["with CR LF", "sk-abc\r\nX-Evil: 1"],
    ["with a tab", "sk-abc\tdef"],
    ["non-ASCII", "sk-clé-secrète"],
  ] as const) {
    it(name, async ({ hostile }) => {
      const server = await hostile((_req, res) => sendJson(res, 200, {}));
      let caught: unknown;
      try {
        createGatewayClient({ baseUrl: server.origin, apiKey: key });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect(caught).toMatchObject({ kind: "config", option: "apiKey" });
      expect((caught as Error).message).not.toContain(key);
      expect(server.requests).toHaveLength(0);
    });
  }
});

import { inspect } from "node:util";
import { createGatewayClient } from "@feedgate/gateway-client";
import { imageWorkflows } from "@feedgate/gateway-client/images";
import { type GatewayFake, startGatewayFake } from "@feedgate/mock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createResilientFetch,
  getResponseMeta,
  isFeedgateError,
  type LogFields,
  RateLimitError,
} from "../../src/index.js";

let gw: GatewayFake;
beforeEach(async () => {
  gw = await startGatewayFake({ models: "any", unrouted: [] });
});
afterEach(() => gw.close());

function client(options: Parameters<typeof createResilientFetch>[0] = {}) {
  const transport = createResilientFetch({ initialDelayMs: 5, maxDelayMs: 20, ...options });
  const gateway = createGatewayClient({ baseUrl: gw.url, apiKey: gw.apiKey, fetch: transport });
  return { gateway, workflows: imageWorkflows(gateway), transport };
}

const prompt = { model: "Nano-Banana2", prompt: "a lighthouse at dusk" };
const routeOf = (route: string) => gw.requests.filter((r) => r.route === route);

describe("the resilient transport under createGatewayClient", () => {
  it("never retries a synchronous image generation by default: a retry would bill twice", async () => {
    const { workflows } = client();
    gw.faults.add({
      route: "createImage",
      fault: { type: "status", status: 429, retryAfterMs: 5 },
      times: 1,
    });
    const error = await workflows.textToImage(prompt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(isFeedgateError(error, "rate_limited")).toBe(true);
    expect(routeOf("createImage")).toHaveLength(1);
  });

  it("does not retry a sync image generation after a 500 or a reset either", async () => {
    const { workflows } = client();
    gw.faults.add({ route: "createImage", fault: { type: "status", status: 500 }, times: 1 });
    gw.faults.add({ route: "createImage", fault: { type: "reset" }, times: 1 });
    await workflows.textToImage(prompt).catch(() => undefined);
    await workflows.textToImage(prompt).catch(() => undefined);
    expect(routeOf("createImage")).toHaveLength(2);
  });

  it("retries an async submission on 429 (refused before any work), returning the task", async () => {
    const { workflows } = client();
    gw.images.scriptTask({ polls: 1, outcome: "completed" });
    gw.faults.add({
      route: "createImage",
      fault: { type: "status", status: 429, retryAfterMs: 20 },
      times: 1,
    });
    const submission = await workflows.textToImage(prompt, { async: true });
    expect(
      submission.kind === "task" && (submission.task.task_id ?? submission.task.id),
    ).toBeTruthy();
    const [refused, accepted] = routeOf("createImage");
    expect(accepted!.realAt - refused!.realAt).toBeGreaterThanOrEqual(20);
  });

  it("retries a Responses create on a 429 that gives a wait, not on a bare 429 (the limiter's window is a minute) nor on 500", async () => {
    const { gateway } = client();
    const limited = { type: "status", status: 429 } as const;
    gw.faults.add({ route: "createResponse", fault: { ...limited, retryAfterMs: 5 }, times: 1 });
    await gateway.responses.create({ model: "gpt-5", input: "hi" });
    expect(routeOf("createResponse")).toHaveLength(2);
    gw.faults.add({ route: "createResponse", fault: limited, times: 1 });
    await expect(gateway.responses.create({ model: "gpt-5", input: "hi" })).rejects.toMatchObject({
      status: 429,
    });
    expect(routeOf("createResponse")).toHaveLength(3);
    gw.faults.add({ route: "createResponse", fault: { type: "status", status: 500 }, times: 1 });
    await expect(gateway.responses.create({ model: "gpt-5", input: "hi" })).rejects.toMatchObject({
      status: 500,
    });
    expect(routeOf("createResponse")).toHaveLength(4);
  });

  it("never retries the gateway's 503 model_not_found", async () => {
    const { gateway } = client();
    const body = {
      error: {
        message: "no available channel for model x (request id: r1)",
        type: "new_api_error",
        code: "model_not_found",
      },
    };
    gw.faults.add({
      route: "createResponse",
      fault: { type: "body", status: 503, body, headers: { "retry-after": "1" } },
      times: 1,
    });
    const error = await gateway.responses
      .create({ model: "x", input: "hi" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", code: "model_not_found" });
    expect(routeOf("createResponse")).toHaveLength(1);
  });

  it("retries free token counting like an idempotent call", async () => {
    const { gateway } = client();
    gw.faults.add({
      route: "countMessageTokens",
      fault: { type: "status", status: 500 },
      times: 1,
    });
    const counted = await gateway.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(counted.input_tokens).toBeGreaterThan(0);
    expect(routeOf("countMessageTokens")).toHaveLength(2);
  });

  it("waits Gemini's retryDelay exactly", async () => {
    const { gateway } = client();
    gw.faults.add({
      route: "generateContent",
      fault: { type: "status", status: 429, retryDelay: "0.05s" },
      times: 1,
    });
    await gateway.gemini.generateContent("gemini-2.5-flash", {
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
    });
    const [limited, retried] = routeOf("generateContent");
    expect(retried!.realAt - limited!.realAt).toBeGreaterThanOrEqual(50);
  });

  it("reports the gateway's request id in the metadata", async () => {
    const { transport } = client();
    const response = await transport(
      new Request(`${gw.url}/v1/images/generations/unknown-task`, {
        headers: { authorization: `Bearer ${gw.apiKey}`, accept: "application/json" },
      }),
    );
    expect(getResponseMeta(response).requestId).toBeTruthy();
  });
});

describe("the API key stays secret", () => {
  it("never appears in an error, a log line, or a thrown object", async () => {
    const lines: string[] = [];
    const sink = (message: string, fields: LogFields) =>
      lines.push(`${message} ${JSON.stringify(fields)}`);
    const { gateway } = client({
      logger: { debug: sink, info: sink, warn: sink, error: sink },
      logLevel: "debug",
      maxRetries: 1,
    });
    const echo = {
      error: { message: `invalid key ${gw.apiKey}`, type: "new_api_error", code: "" },
    };
    gw.faults.add({
      route: "createResponse",
      fault: { type: "status", status: 429, retryAfterMs: 1 },
      times: 1,
    });
    gw.faults.add({
      route: "createResponse",
      fault: { type: "body", status: 401, body: echo },
      times: 1,
    });
    gw.faults.add({ route: "generateContent", fault: { type: "reset" }, times: 2 });
    const errors = [
      await gateway.responses.create({ model: "m", input: "hi" }).catch((e: unknown) => e),
      await gateway.gemini
        .generateContent("g", { contents: [{ role: "user", parts: [{ text: "hi" }] }] })
        .catch((e: unknown) => e),
    ];
    expect(lines.length).toBeGreaterThan(4);
    const everything = [
      ...lines,
      ...errors.flatMap((e) => [
        String(e),
        JSON.stringify(e),
        inspect(e, { depth: Infinity, showHidden: true }),
      ]),
    ].join("\n");
    const bare = gw.apiKey.replace(/^sk-/, "");
    expect(everything).not.toContain(bare);
    // The key did reach the gateway itself, in its header.
    expect(gw.requests.some((r) => Object.values(r.headers).some((v) => v.includes(bare)))).toBe(
      true,
    );
  });

  it("is never sent to another origin: a cross-origin redirect is refused", async () => {
    const other = await startGatewayFake({ models: "any", unrouted: [] });
    try {
      const { gateway } = client();
      gw.faults.add({
        route: "createResponse",
        fault: {
          type: "body",
          status: 307,
          body: "",
          headers: { location: `${other.url}/v1/responses` },
        },
        times: 1,
      });
      await expect(gateway.responses.create({ model: "m", input: "hi" })).rejects.toMatchObject({
        kind: "redirect",
      });
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

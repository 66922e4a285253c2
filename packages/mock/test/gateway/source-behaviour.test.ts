// The gateway fake behaves like the gateway's source (issue 12 item 9), with the facts file's exact bodies.
import { createGatewayClient } from "@feedgate/gateway-client";
import { describe, expect, it } from "vitest";
import { type GatewayFake, type GatewayFakeOptions, UNROUTED_IN_SOURCE } from "../../src/index.js";
import { call } from "../support/gateway.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake | undefined;
const start = async (options: GatewayFakeOptions = {}) => (fake = await servers.gateway(options));

describe("operations the source does not route (the default)", () => {
  it("answer the NoRoute 404 byte for byte, with the request id header and Cache-Control: max-age=604800, conforming to the spec", async () => {
    const gw = await start();
    const answer = await call(gw, "GET /v1/responses/resp_abc", "retrieveResponse");
    expect(answer.status).toBe(404);
    expect(answer.text).toBe(
      '{"error":{"message":"Invalid URL (GET /v1/responses/resp_abc)","type":"invalid_request_error","param":"","code":""}}',
    );
    expect(answer.headers.get("cache-control")).toBe("max-age=604800");
    const count = await call(gw, "POST /v1/messages/count_tokens", "countMessageTokens", {
      model: "m",
      messages: [],
    });
    expect(count.text).toBe(
      '{"error":{"message":"Invalid URL (POST /v1/messages/count_tokens)","type":"invalid_request_error","param":"","code":""}}',
    );
    // Routed operations still work.
    expect(
      (await call(gw, "POST /v1/responses", "createResponse", { model: "gpt-5.2", input: "x" }))
        .status,
    ).toBe(200);
    expect(UNROUTED_IN_SOURCE).toEqual([
      "retrieveResponse",
      "deleteResponse",
      "cancelResponse",
      "countResponseInputTokens",
      "countMessageTokens",
    ]);
  });

  it("are reported as unsupported by the gateway client, and the 301 of a console node too", async () => {
    const gw = await start({ unrouted: UNROUTED_IN_SOURCE });
    const client = createGatewayClient({ baseUrl: gw.url, apiKey: gw.apiKey });
    await expect(client.responses.retrieve("resp_abc")).rejects.toMatchObject({
      kind: "unsupported",
      status: 404,
    });
    await gw.close();
    const console = await start({
      unrouted: UNROUTED_IN_SOURCE,
      consoleOrigin: "http://127.0.0.1:9",
    });
    const redirected = await fetch(`${console.url}/v1/responses/resp_abc`, { redirect: "manual" });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get("location")).toBe("http://127.0.0.1:9/v1/responses/resp_abc");
    const consoleClient = createGatewayClient({ baseUrl: console.url, apiKey: console.apiKey });
    await expect(consoleClient.responses.retrieve("resp_abc")).rejects.toMatchObject({
      kind: "unsupported",
      status: 301,
    });
  });
});

describe("rate limits and validation as the source writes them", () => {
  it('a 429 fault is the limiter\'s envelope with code "" and no Retry-After; an empty-body 429 is a body fault', async () => {
    const gw = await start();
    gw.faults.add({ route: "createResponse", fault: { type: "status", status: 429 }, times: 1 });
    const limited = await call(gw, "POST /v1/responses", "createResponse", {
      model: "gpt-5.2",
      input: "x",
    });
    expect(limited.json).toMatchObject({ error: { type: "new_api_error", code: "" } });
    expect(limited.json).not.toHaveProperty("error.param");
    expect(limited.headers.get("retry-after")).toBeNull();
    gw.faults.add({
      route: "createResponse",
      fault: { type: "body", status: 429, body: "" },
      times: 1,
    });
    const empty = await fetch(`${gw.url}/v1/responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${gw.apiKey}` },
      body: "{}",
    });
    expect(empty.status).toBe(429);
    expect(await empty.text()).toBe("");
    expect(empty.headers.get("retry-after")).toBeNull();
  });

  it("a Gemini route's status fault is the upstream error as normalised: OpenAI envelope, type upstream_error, numeric code, no request id, no status", async () => {
    const gw = await start();
    gw.faults.add({ route: "generateContent", fault: { type: "status", status: 503 }, times: 1 });
    const answer = await call(
      gw,
      "POST /v1beta/models/gemini-2.5-flash:generateContent",
      "generateContent",
      { contents: [] },
    );
    expect(answer.json).toEqual({
      error: {
        message: "The upstream is overloaded; retry later.",
        type: "upstream_error",
        param: "",
        code: 503,
      },
    });
  });
});

describe("image tasks as the fork writes them", () => {
  it("a task may report unknown while running, and fails without a code", async () => {
    const gw = await start({ models: "any" });
    gw.images.scriptTask({ polls: 2, outcome: "failed", runningStatus: "unknown" });
    const task = (
      await call(gw, "POST /v1/images/generations?async=true", "createImage", { model: "m" })
    ).json as { task_id: string };
    const poll = async () =>
      (await call(gw, `GET /v1/images/generations/${task.task_id}`, "getImageTask")).json;
    expect(await poll()).toMatchObject({ status: "unknown" });
    expect(await poll()).toMatchObject({ status: "unknown" });
    expect(await poll()).toEqual({
      task_id: task.task_id,
      status: "failed",
      error: { message: "The fake task failed." },
    });
  });

  it("ignoreAsync: stock new-api answers the image result to async=true", async () => {
    const gw = await start({ ignoreAsync: true, models: "any" });
    const answer = (
      await call(gw, "POST /v1/images/generations?async=true", "createImage", {
        model: "m",
        prompt: "p",
      })
    ).json as Record<string, unknown>;
    expect(answer).not.toHaveProperty("task_id");
    expect(Array.isArray(answer["data"])).toBe(true);
    expect(gw.images.taskIds()).toEqual([]);
    const client = createGatewayClient({ baseUrl: gw.url, apiKey: gw.apiKey });
    expect((await client.images.submit({ model: "m", prompt: "p" })).kind).toBe("completed");
  });
});

describe("credentials", () => {
  it('a missing key gets the facts file\'s 401: Invalid token with the request id, code "", no param', async () => {
    const gw = await start();
    const answer = await fetch(`${gw.url}/v1/responses`, { method: "POST", body: "{}" });
    expect(answer.status).toBe(401);
    const id = answer.headers.get("x-oneapi-request-id");
    expect(await answer.json()).toEqual({
      error: { message: `Invalid token (request id: ${id})`, type: "new_api_error", code: "" },
    });
  });
});

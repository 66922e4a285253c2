import { beforeEach, describe, expect, it } from "vitest";
import { GATEWAY_ROUTES, type GatewayFake } from "../../src/index.js";
import { call, credentialFor, ROUTE_ALL, streamResponse } from "../support/gateway.js";
import { readFully } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake;
beforeEach(async () => {
  fake = await servers.gateway(ROUTE_ALL);
});

const requests: Array<[string, string, string, unknown]> = [
  ["POST", "/v1/responses", "createResponse", { model: "m", input: "x" }],
  ["POST", "/v1/images/generations", "createImage", { model: "m", prompt: "p" }],
  ["GET", "/v1/images/generations/task_x", "getImageTask", undefined],
  ["POST", "/v1/messages/count_tokens", "countMessageTokens", { model: "m", messages: [] }],
  ["POST", "/v1beta/models/g:generateContent", "generateContent", { contents: [] }],
];

describe("gateway fault injection", () => {
  it("answers status faults in each family's envelope (validated against the spec where declared)", async () => {
    for (const [method, path, op, body] of requests) {
      for (const status of [429, 500, 503] as const) {
        fake.faults.add({ fault: { type: "status", status }, times: 1 });
        const answer = await call(fake, `${method} ${path}`, op, body);
        expect(answer.status, `${op} ${status}`).toBe(status);
        expect(
          answer.headers.get("retry-after"),
          "the gateway sets no Retry-After of its own",
        ).toBeNull();
      }
    }
    const shapes = fake.requests.filter((r) => r.fault === "status").length;
    expect(shapes).toBe(15);
    expect(fake.faults.injected).toBe(15);
  });

  it("uses the limiter's envelope for a 429 on the task route (the poll builder has no 429), the task envelope otherwise, and the Google envelope (with RetryInfo on request) on Gemini", async () => {
    fake.faults.add({
      route: "getImageTask",
      fault: { type: "status", status: 429, retryAfter: 3 },
      times: 1,
    });
    const task = await call(fake, "GET /v1/images/generations/task_x", "getImageTask");
    expect(task.json).toMatchObject({ error: { type: "new_api_error", code: "" } });
    expect(task.headers.get("retry-after")).toBe("3");
    fake.faults.add({ route: "getImageTask", fault: { type: "status", status: 500 }, times: 1 });
    const failed = await call(fake, "GET /v1/images/generations/task_x", "getImageTask");
    expect(failed.json).toMatchObject({ code: "get_task_failed", data: null });
    fake.faults.add({
      route: "generateContent",
      fault: { type: "status", status: 429, retryDelay: "22s", retryAfterMs: 1500 },
      times: 1,
    });
    const gemini = await call(fake, "POST /v1beta/models/g:generateContent", "generateContent", {
      contents: [],
    });
    expect(gemini.json).toMatchObject({
      error: {
        code: 429,
        status: "RESOURCE_EXHAUSTED",
        details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "22s" }],
      },
    });
    expect(gemini.headers.get("retry-after-ms")).toBe("1500");
    fake.faults.add({
      route: "countMessageTokens",
      fault: { type: "status", status: 503 },
      times: 1,
    });
    const anthropic = await call(fake, "POST /v1/messages/count_tokens", "countMessageTokens", {
      model: "m",
      messages: [],
    });
    expect(anthropic.json).toMatchObject({ type: "error", error: { type: "overloaded_error" } });
  });

  it("resets, delays, truncates and answers non-JSON or arbitrary bodies on POST routes too", async () => {
    const init = () => ({
      method: "POST",
      headers: {
        ...credentialFor("/v1/responses", fake.apiKey),
        "content-type": "application/json",
      },
      body: JSON.stringify({ model: "m", input: "x" }),
    });
    fake.faults.add({ route: "createResponse", fault: { type: "reset" }, times: 1 });
    expect((await readFully(`${fake.url}/v1/responses`, init())).error).toBeDefined();
    fake.faults.add({ route: "createResponse", fault: { type: "truncate" }, times: 1 });
    const truncated = await readFully(`${fake.url}/v1/responses`, init());
    expect([truncated.status, truncated.error !== undefined]).toEqual([200, true]);
    fake.faults.add({
      route: "createResponse",
      fault: { type: "non-json", status: 502 },
      times: 1,
    });
    const html = await readFully(`${fake.url}/v1/responses`, init());
    expect(html.status).toBe(502);
    expect(html.text).toContain("<html>");
    fake.faults.add({
      route: "createResponse",
      fault: {
        type: "body",
        status: 503,
        body: { error: { message: "no channel", type: "new_api_error", code: "model_not_found" } },
      },
      times: 1,
    });
    const body = await call(fake, "POST /v1/responses", "createResponse", {
      model: "m",
      input: "x",
    });
    expect(body.json).toMatchObject({ error: { code: "model_not_found" } });
    fake.faults.add({ route: "createResponse", fault: { type: "delay", ms: 50 }, times: 1 });
    expect(
      (await call(fake, "POST /v1/responses", "createResponse", { model: "m", input: "x" })).status,
    ).toBe(200);
    expect(fake.requests.map((r) => r.fault)).toEqual([
      "reset",
      "truncate",
      "non-json",
      "body",
      "delay",
    ]);
    expect(fake.requests.at(-1)?.body).toBe(JSON.stringify({ model: "m", input: "x" }));
  });

  it("knows every gateway route name, and refuses feed ones", () => {
    for (const route of GATEWAY_ROUTES)
      fake.faults.add({ route, fault: { type: "reset" }, times: 0 });
    // A feed route is refused at compile time, and at run time for untyped callers.
    // @ts-expect-error not a gateway route
    expect(() => fake.faults.add({ route: "items", fault: { type: "reset" } })).toThrow(TypeError);
  });

  it("closes promptly with a stalled stream open", async () => {
    fake.responses.scriptStream({ stallAfter: 1 });
    const response = await streamResponse(fake);
    const reading = response.text().then(
      () => "ended",
      () => "failed",
    );
    const start = performance.now();
    await fake.close();
    expect(await reading).toBe("failed");
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

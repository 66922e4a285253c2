import { describe, expect, it } from "vitest";
import { GATEWAY_ROUTES } from "../../src/index.js";
import { call, credentialFor, streamResponse } from "../support/gateway.js";
import { expectClosesPromptly, readFully } from "../support/http.js";
import { mockServers, routedGateway } from "../support/servers.js";

const servers = mockServers();
const gw = routedGateway(servers);

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
        gw.fake.faults.add({ fault: { type: "status", status }, times: 1 });
        const answer = await call(gw.fake, `${method} ${path}`, op, body);
        expect(answer.status, `${op} ${status}`).toBe(status);
        expect(
          answer.headers.get("retry-after"),
          "the gateway sets no Retry-After of its own",
        ).toBeNull();
      }
    }
    const shapes = gw.fake.requests.filter((r) => r.fault === "status").length;
    expect(shapes).toBe(15);
    expect(gw.fake.faults.injected).toBe(15);
  });

  it("uses the limiter's envelope for a 429 on the task route (the poll builder has no 429), the task envelope otherwise, and the Google envelope (with RetryInfo on request) on Gemini", async () => {
    gw.fake.faults.add({
      route: "getImageTask",
      fault: { type: "status", status: 429, retryAfter: 3 },
      times: 1,
    });
    const task = await call(gw.fake, "GET /v1/images/generations/task_x", "getImageTask");
    expect(task.json).toMatchObject({ error: { type: "new_api_error", code: "" } });
    expect(task.headers.get("retry-after")).toBe("3");
    gw.fake.faults.add({ route: "getImageTask", fault: { type: "status", status: 500 }, times: 1 });
    const failed = await call(gw.fake, "GET /v1/images/generations/task_x", "getImageTask");
    expect(failed.json).toMatchObject({ code: "get_task_failed", data: null });
    gw.fake.faults.add({
      route: "generateContent",
      fault: { type: "status", status: 429, retryDelay: "22s", retryAfterMs: 1500 },
      times: 1,
    });
    const gemini = await call(gw.fake, "POST /v1beta/models/g:generateContent", "generateContent", {
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
    gw.fake.faults.add({
      route: "countMessageTokens",
      fault: { type: "status", status: 503 },
      times: 1,
    });
    const anthropic = await call(gw.fake, "POST /v1/messages/count_tokens", "countMessageTokens", {
      model: "m",
      messages: [],
    });
    expect(anthropic.json).toMatchObject({ type: "error", error: { type: "overloaded_error" } });
  });

  it("resets, delays, truncates and answers non-JSON or arbitrary bodies on POST routes too", async () => {
    const init = () => ({
      method: "POST",
      headers: {
        ...credentialFor("/v1/responses", gw.fake.apiKey),
        "content-type": "application/json",
      },
      body: JSON.stringify({ model: "m", input: "x" }),
    });
    gw.fake.faults.add({ route: "createResponse", fault: { type: "reset" }, times: 1 });
    expect((await readFully(`${gw.fake.url}/v1/responses`, init())).error).toBeDefined();
    gw.fake.faults.add({ route: "createResponse", fault: { type: "truncate" }, times: 1 });
    const truncated = await readFully(`${gw.fake.url}/v1/responses`, init());
    expect([truncated.status, truncated.error !== undefined]).toEqual([200, true]);
    gw.fake.faults.add({
      route: "createResponse",
      fault: { type: "non-json", status: 502 },
      times: 1,
    });
    const html = await readFully(`${gw.fake.url}/v1/responses`, init());
    expect(html.status).toBe(502);
    expect(html.text).toContain("<html>");
    gw.fake.faults.add({
      route: "createResponse",
      fault: {
        type: "body",
        status: 503,
        body: { error: { message: "no channel", type: "new_api_error", code: "model_not_found" } },
      },
      times: 1,
    });
    const body = await call(gw.fake, "POST /v1/responses", "createResponse", {
      model: "m",
      input: "x",
    });
    expect(body.json).toMatchObject({ error: { code: "model_not_found" } });
    gw.fake.faults.add({ route: "createResponse", fault: { type: "delay", ms: 50 }, times: 1 });
    expect(
      (await call(gw.fake, "POST /v1/responses", "createResponse", { model: "m", input: "x" }))
        .status,
    ).toBe(200);
    expect(gw.fake.requests.map((r) => r.fault)).toEqual([
      "reset",
      "truncate",
      "non-json",
      "body",
      "delay",
    ]);
    expect(gw.fake.requests.at(-1)?.body).toBe(JSON.stringify({ model: "m", input: "x" }));
  });

  it("knows every gateway route name, and refuses feed ones", () => {
    for (const route of GATEWAY_ROUTES)
      gw.fake.faults.add({ route, fault: { type: "reset" }, times: 0 });
    // A feed route is refused at compile time, and at run time for untyped callers.
    // @ts-expect-error not a gateway route
    expect(() => gw.fake.faults.add({ route: "items", fault: { type: "reset" } })).toThrow(
      TypeError,
    );
  });

  it("closes promptly with a stalled stream open", async () => {
    gw.fake.responses.scriptStream({ stallAfter: 1 });
    const response = await streamResponse(gw.fake);
    await expectClosesPromptly(gw.fake, response);
  });
});

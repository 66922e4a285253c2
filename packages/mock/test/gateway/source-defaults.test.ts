// The gateway fake follows the gateway's source by default, with options for what an operator
// configures (issue 20 item 9). Each test names the source behaviour it shows; the source lines are
// in specs/gateway/DECISIONS.md.
import { describe, expect, it } from "vitest";
import type { GatewayFake, GatewayFakeOptions } from "../../src/index.js";
import { sseEvents } from "../support/gateway.js";
import { send } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake | undefined;
const start = async (options: GatewayFakeOptions = {}) => (fake = await servers.gateway(options));

const json = { "content-type": "application/json" };
/** An empty JSON object POSTed without a credential. */
const emptyPost = { method: "POST", headers: json, body: "{}" };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const post = (
  gw: GatewayFake,
  path: string,
  body: unknown,
  headers: Record<string, string> = bearer(gw.apiKey),
) =>
  send(gw.url + path, {
    method: "POST",
    headers: { ...json, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
/** A streamed Gemini generation of "a b c", with the key as Google's header. */
const geminiStream = (gw: GatewayFake) =>
  post(
    gw,
    "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
    { contents: [{ parts: [{ text: "a b c" }] }] },
    { "x-goog-api-key": gw.apiKey },
  );
const messageOf = (answer: { json: unknown }) =>
  String((answer.json as { error: { message: string } }).error.message);

describe("NoRoute: the web limiter and the cache header (F3, N3)", () => {
  it("answers 60 NoRoute 404s per 180 s per client, then 429 with an empty body and Content-Length: 0, until the window passes", async () => {
    const gw = await start();
    for (let n = 0; n < 60; n += 1) {
      const answer = await send(`${gw.url}/v1/responses/input_tokens`, emptyPost);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("max-age=604800");
    }
    const limited = await fetch(`${gw.url}/v1/messages/count_tokens`, emptyPost);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-length")).toBe("0");
    expect(await limited.text()).toBe("");
    // Routed operations are not behind the web limiter.
    expect((await post(gw, "/v1/responses", { model: "gpt-5.2", input: "x" })).status).toBe(200);
    gw.clock.advance(180_000);
    expect((await send(`${gw.url}/v1/responses/resp_x`, {})).status).toBe(404);
  });

  it("webRateLimit: false turns the limiter off; a smaller limit applies as set", async () => {
    const off = await start({ webRateLimit: false });
    for (let n = 0; n < 61; n += 1) expect((await send(`${off.url}/nowhere`, {})).status).toBe(404);
    await off.close();
    const small = await start({ webRateLimit: { requests: 1, windowMs: 1000 } });
    expect((await send(`${small.url}/nowhere`, {})).status).toBe(404);
    expect((await send(`${small.url}/nowhere`, {})).status).toBe(429);
  });
});

describe("model list and restricted keys (F4, N4, model_not_found)", () => {
  it("serves the demo's models by default; another model is 503 model_not_found in the source's English text", async () => {
    const gw = await start();
    const answer = await post(gw, "/v1/responses", { model: "gpt-unknown", input: "x" });
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({
      error: { type: "new_api_error", code: "model_not_found" },
    });
    expect(messageOf(answer)).toMatch(
      /^No available channel for model gpt-unknown under group default \(distributor\) \(request id: \w+\)$/,
    );
    const listed = await start({ models: ["m1"] });
    expect((await post(listed, "/v1/responses", { model: "m1", input: "x" })).status).toBe(200);
  });

  it('a key with a model list gets 403 for other models, 403 for model "" on the task poll, and compact checked as <model>-openai-compact', async () => {
    const gw = await start({ restrictedKeys: { "sk-limited": ["gpt-5.2", "Nano-Banana2"] } });
    const limited = bearer("sk-limited");
    expect(
      (await post(gw, "/v1/responses", { model: "gpt-5.2", input: "x" }, limited)).status,
    ).toBe(200);
    const other = await post(gw, "/v1/responses", { model: "gpt-4.1-mini", input: "x" }, limited);
    expect(other.status).toBe(403);
    expect(messageOf(other)).toMatch(
      /^This token has no access to model gpt-4\.1-mini \(request id/,
    );
    // The async image is submitted (and billed), then its first poll is refused.
    const submitted = await post(
      gw,
      "/v1/images/generations?async=true",
      { model: "Nano-Banana2", prompt: "p" },
      limited,
    );
    const taskId = (submitted.json as { task_id: string }).task_id;
    const poll = await send(`${gw.url}/v1/images/generations/${taskId}`, { headers: limited });
    expect(poll.status).toBe(403);
    expect(messageOf(poll)).toMatch(/^This token has no access to model {2}\(request id/);
    // The same task polls fine with the user's unrestricted key.
    expect(
      (await send(`${gw.url}/v1/images/generations/${taskId}`, { headers: bearer(gw.apiKey) }))
        .status,
    ).toBe(200);
    const compact = await post(
      gw,
      "/v1/responses/compact",
      { model: "gpt-5.2", input: "x" },
      limited,
    );
    expect(compact.status).toBe(403);
    expect(messageOf(compact)).toContain(
      "This token has no access to model gpt-5.2-openai-compact",
    );
  });
});

describe("validation in the source's order (F1, F2, N6)", () => {
  it("an image without a model is routed as dall-e: 503 model_not_found, or with a dall-e channel the 500 invalid_request", async () => {
    const gw = await start();
    const answer = await post(gw, "/v1/images/generations", { prompt: "p" });
    expect(answer.status).toBe(503);
    expect(messageOf(answer)).toContain("No available channel for model dall-e");
    const dalle = await start({ models: ["dall-e"] });
    const invalid = await post(dalle, "/v1/images/generations", { prompt: "p" });
    expect(invalid.status).toBe(500);
    expect(invalid.json).toMatchObject({ error: { code: "invalid_request" } });
  });

  it("Gemini: the body is read after the distributor, so bad JSON and missing contents are 500 invalid_request", async () => {
    const gw = await start();
    const path = "/v1beta/models/gemini-2.5-flash:generateContent";
    for (const body of ["{nope", {}]) {
      const answer = await post(gw, path, body, { "x-goog-api-key": gw.apiKey });
      expect(answer.status).toBe(500);
      expect(answer.json).toMatchObject({
        error: { type: "new_api_error", param: "", code: "invalid_request" },
      });
    }
  });

  it("413 only on the Gemini routes; an oversized JSON body elsewhere is the distributor's 400", async () => {
    const gw = await start({ maxBodyBytes: 1024 });
    const big = { model: "gpt-5.2", input: "x".repeat(4096) };
    const create = await post(gw, "/v1/responses", big);
    expect(create.status).toBe(400);
    expect(messageOf(create)).toMatch(/^Invalid request: Invalid request: request body exceeds/);
    const gemini = await post(
      gw,
      "/v1beta/models/gemini-2.5-flash:generateContent",
      { contents: [{ parts: [{ text: "x".repeat(4096) }] }] },
      { "x-goog-api-key": gw.apiKey },
    );
    expect(gemini.status).toBe(413);
    expect(gemini.json).toMatchObject({ error: { code: "read_request_body_failed" } });
  });
});

describe("the image-task poll (N18)", () => {
  it("a GET poll carrying Content-Type: application/json is 400 (its empty body is not JSON); without it, 200", async () => {
    const gw = await start();
    const taskId = (
      (await post(gw, "/v1/images/generations?async=true", { model: "Nano-Banana2", prompt: "p" }))
        .json as { task_id: string }
    ).task_id;
    const typed = await send(`${gw.url}/v1/images/generations/${taskId}`, {
      headers: { ...bearer(gw.apiKey), ...json },
    });
    expect(typed.status).toBe(400);
    expect(messageOf(typed)).toMatch(/^Invalid request: Invalid request: /);
    expect(
      (await send(`${gw.url}/v1/images/generations/${taskId}`, { headers: bearer(gw.apiKey) }))
        .status,
    ).toBe(200);
  });
});

describe("pass-through (N5)", () => {
  it("off by default: unknown keys never reach the upstream; on: they do", async () => {
    const gw = await start();
    const body = {
      model: "Nano-Banana2",
      prompt: "p",
      size: "1024x1024",
      images: ["https://example.invalid/a.png"],
      aspect_ratio: "16:9",
      resolution: "2K",
    };
    expect((await post(gw, "/v1/images/generations", body)).status).toBe(200);
    expect(gw.upstream.at(-1)).toEqual({
      route: "createImage",
      model: "Nano-Banana2",
      body: { model: "Nano-Banana2", prompt: "p", size: "1024x1024" },
    });
    await post(gw, "/v1/responses", {
      model: "gpt-5.2",
      input: "x",
      background: true,
      service_tier: "flex",
    });
    expect(gw.upstream.at(-1)?.body).toEqual({ model: "gpt-5.2", input: "x" });
    await post(gw, "/v1/responses/compact", { model: "gpt-5.2", input: "x", store: true });
    expect(gw.upstream.at(-1)).toMatchObject({
      model: "gpt-5.2-openai-compact",
      body: { model: "gpt-5.2", input: "x" },
    });
    const through = await start({ passThrough: true });
    await post(through, "/v1/images/generations", body);
    expect(through.upstream.at(-1)?.body).toEqual(body);
  });
});

describe("streams (F6, F7, N1, N7, N9)", () => {
  const streamBody = { model: "gpt-5.2", input: "one two three", stream: true };

  it("an upstream error before the first event is the JSON envelope under Content-Type text/event-stream, with its status", async () => {
    const gw = await start();
    gw.faults.add({ route: "createResponse", fault: { type: "status", status: 502 }, times: 1 });
    const answer = await post(gw, "/v1/responses", streamBody);
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        message: "The upstream answered with an invalid response.",
        type: "upstream_error",
        param: "",
        code: 502,
      },
    });
    // The limiter's 429 comes before the stream starts: plain JSON.
    gw.faults.add({ route: "createResponse", fault: { type: "status", status: 429 }, times: 1 });
    expect((await post(gw, "/v1/responses", streamBody)).headers.get("content-type")).toMatch(
      /^application\/json/,
    );
  });

  it("pings on: HTTP 200, a : PING comment, then the upstream's error as a raw JSON line", async () => {
    const gw = await start({ pings: true });
    gw.faults.add({
      route: "streamGenerateContent",
      fault: { type: "status", status: 503 },
      times: 1,
    });
    const answer = await post(
      gw,
      "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
      { contents: [{ parts: [{ text: "x" }] }] },
      { "x-goog-api-key": gw.apiKey },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const [ping, line] = answer.text.split("\n\n");
    expect(ping).toBe(": PING");
    expect(JSON.parse(line as string)).toMatchObject({
      error: { type: "upstream_error", code: 503 },
    });
  });

  it("endAfter: a Responses stream ends cleanly without response.completed, a Gemini one without finishReason", async () => {
    const gw = await start();
    gw.responses.scriptStream({ endAfter: 4 });
    const responses = await post(gw, "/v1/responses", streamBody);
    expect(responses.status).toBe(200);
    const events = sseEvents(responses.text);
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.event)).not.toContain("response.completed");
    gw.gemini.scriptStream({ endAfter: 1 });
    const gemini = await geminiStream(gw);
    const chunks = sseEvents(gemini.text);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.data).not.toHaveProperty("candidates.0.finishReason");
  });

  it("a Gemini stream forwards the upstream's raw Google error chunk mid-stream", async () => {
    const gw = await start();
    gw.gemini.scriptStream({ errorAfter: 1 });
    const answer = await geminiStream(gw);
    expect(sseEvents(answer.text).at(-1)?.data).toEqual({
      error: { code: 500, message: "The fake stream failed on purpose.", status: "INTERNAL" },
    });
  });

  it("the first output_item.added of a message carries content: []", async () => {
    const gw = await start();
    const added = sseEvents((await post(gw, "/v1/responses", streamBody)).text).find(
      (e) => e.event === "response.output_item.added",
    );
    expect(added?.data).toMatchObject({ item: { type: "message", content: [] } });
  });
});

describe("faults and final errors (F5, N2, N10)", () => {
  it("status faults invent no codes: the upstream's error with type upstream_error, the status as numeric code, no request id", async () => {
    const gw = await start();
    for (const status of [408, 500, 502, 503, 504] as const) {
      gw.faults.add({ route: "createResponse", fault: { type: "status", status }, times: 1 });
      const answer = await post(gw, "/v1/responses", { model: "gpt-5.2", input: "x" });
      expect(answer.status).toBe(status);
      expect(answer.json).toMatchObject({
        error: { type: "upstream_error", param: "", code: status },
      });
      expect(messageOf(answer)).not.toContain("request id");
    }
  });

  it("scriptError answers the final 500s the relay makes: convert_request_failed, sensitive_words_detected, count_token_failed, task_id is empty", async () => {
    const gw = await start();
    for (const code of [
      "convert_request_failed",
      "sensitive_words_detected",
      "count_token_failed",
    ] as const) {
      gw.scriptError({ code, route: "createResponse" });
      const answer = await post(gw, "/v1/responses", { model: "gpt-5.2", input: "x" });
      expect(answer.status).toBe(500);
      expect(answer.json).toMatchObject({ error: { type: "new_api_error", param: "", code } });
    }
    gw.scriptError({ code: "task_id_empty" });
    const image = await post(gw, "/v1/images/generations?async=true", {
      model: "Nano-Banana2",
      prompt: "p",
    });
    expect(image.status).toBe(500);
    expect(image.json).toMatchObject({
      error: { type: "bad_response_status_code", code: "bad_response_status_code" },
    });
    expect(messageOf(image)).toMatch(/^task_id is empty \(request id/);
    // Used once: the next request is answered normally.
    expect((await post(gw, "/v1/responses", { model: "gpt-5.2", input: "x" })).status).toBe(200);
  });
});

describe("the operator's setup, scripted per request (issue 31: M1, M3, M4, M7, M12)", () => {
  it("relayed answers carry the upstream's envelope (no request id, no new_api_error, no cache header); key answers are the gateway's", async () => {
    const gw = await start();
    const cases = [
      [
        "relayed_no_route",
        404,
        { message: "Invalid URL (POST /v1/responses)", type: "invalid_request_error", code: "" },
      ],
      ["relayed_unauthorized", 401, { type: "invalid_request_error", code: "invalid_api_key" }],
      ["no_async_endpoint", 404, { message: "openai_error", type: "bad_response_status_code" }],
      ["key_exhausted", 401, { type: "new_api_error", code: "" }],
      [
        "pre_consume_token_quota_failed",
        403,
        { type: "new_api_error", code: "pre_consume_token_quota_failed" },
      ],
      ["channel_pinned", 403, { type: "new_api_error", code: "" }],
    ] as const;
    for (const [code, status, error] of cases) {
      gw.scriptError({ code, route: "createResponse" });
      const answer = await post(gw, "/v1/responses", { model: "gpt-5.2", input: "x" });
      expect(answer.status).toBe(status);
      expect(answer.json).toMatchObject({ error });
      expect(answer.headers.get("cache-control")).toBeNull();
      expect(/request id/.test(messageOf(answer))).toBe(error.type === "new_api_error");
    }
  });
});

describe("pass-through off keeps the struct's own keys (issue 31, N5)", () => {
  it("enable_thinking and preset are fields of the gateway's Responses struct, so they reach the upstream", async () => {
    const gw = await start();
    await post(gw, "/v1/responses", {
      model: "gpt-5.2",
      input: "x",
      enable_thinking: true,
      preset: "p",
      foo: 1,
    });
    expect(gw.upstream.at(-1)?.body).toEqual({
      model: "gpt-5.2",
      input: "x",
      enable_thinking: true,
      preset: "p",
    });
  });
});

describe("request ids (N19)", () => {
  it("X-Oneapi-Request-Id has the source's shape: YYYYMMDDhhmmss, nanoseconds, 8 hex, 8 random", async () => {
    const gw = await start();
    const answer = await post(gw, "/v1/responses", { model: "gpt-5.2", input: "x" });
    expect(answer.headers.get("x-oneapi-request-id")).toMatch(
      /^\d{14}\d{1,9}[0-9a-f]{8}[A-Za-z0-9]{8}$/,
    );
  });
});

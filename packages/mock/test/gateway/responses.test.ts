import { describe, expect, it } from "vitest";
import {
  call,
  credentialFor,
  expectStreamConforms,
  sseEvents,
  streamResponse,
} from "../support/gateway.js";
import { readFully, send } from "../support/http.js";
import { mockServers, routedGateway } from "../support/servers.js";

const servers = mockServers();
const gw = routedGateway(servers);

/** The events of a streamed create, its answer checked against the document as every call's is. */
const streamedEvents = async () =>
  sseEvents(
    (
      await call(gw.fake, "POST /v1/responses", "createResponse", {
        model: "m",
        input: "x",
        stream: true,
      })
    ).text,
  );

type Json = Record<string, unknown>;
const EVENT = "#/components/schemas/ResponseStreamEvent";

describe("Responses family", () => {
  it("creates a response (JSON) that can be retrieved, then deleted", async () => {
    const created = await call(gw.fake, "POST /v1/responses", "createResponse", {
      model: "gpt-x",
      input: "Say hi",
      instructions: "Be brief",
    });
    expect(created.status).toBe(200);
    const response = created.json as Json;
    expect(response).toMatchObject({
      object: "response",
      status: "completed",
      model: "gpt-x",
      instructions: "Be brief",
    });
    expect(JSON.stringify(response["output"])).toContain("Echo: Say hi");
    expect(response["created_at"]).toBe(Math.floor(gw.fake.clock.now() / 1000));
    const id = String(response["id"]);
    const got = await call(gw.fake, `GET /v1/responses/${id}`, "retrieveResponse");
    expect(got.json).toEqual(response);
    const deleted = await call(gw.fake, `DELETE /v1/responses/${id}`, "deleteResponse");
    expect(deleted.json).toEqual({ id, object: "response", deleted: true });
    const gone = await call(gw.fake, `GET /v1/responses/${id}`, "retrieveResponse");
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({
      error: { type: "invalid_request_error", param: "response_id", code: null },
    });
    expect((await call(gw.fake, `DELETE /v1/responses/${id}`, "deleteResponse")).status).toBe(404);
  });

  it("refuses bad bodies in the source's order: 400 for bad JSON and a missing model (distributor), 500 invalid_request for a missing input", async () => {
    const bad = await send(`${gw.fake.url}/v1/responses`, {
      method: "POST",
      headers: { ...credentialFor("/v1", gw.fake.apiKey), "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { type: "new_api_error", code: "" } });
    expect(String((bad.json as { error: { message: string } }).error.message)).toMatch(
      /^Invalid request: Invalid request: /,
    );
    const noModel = await send(`${gw.fake.url}/v1/responses`, {
      method: "POST",
      headers: { ...credentialFor("/v1", gw.fake.apiKey), "content-type": "application/json" },
      body: JSON.stringify({ input: "x" }),
    });
    expect(noModel.status).toBe(400);
    expect(String((noModel.json as { error: { message: string } }).error.message)).toMatch(
      /^Model name not specified/,
    );
    // A JSON body under another Content-Type is not parsed: no model either.
    const plain = await send(`${gw.fake.url}/v1/responses`, {
      method: "POST",
      headers: { ...credentialFor("/v1", gw.fake.apiKey), "content-type": "text/plain" },
      body: JSON.stringify({ model: "m", input: "x" }),
    });
    expect(plain.status).toBe(400);
    const noInput = await call(gw.fake, "POST /v1/responses", "createResponse", { model: "m" });
    expect(noInput.status).toBe(500);
    expect(noInput.json).toMatchObject({
      error: { type: "new_api_error", param: "", code: "invalid_request" },
    });
    expect(String((noInput.json as { error: { message: string } }).error.message)).toContain(
      `(request id: ${noInput.headers.get("x-oneapi-request-id")})`,
    );
  });

  it("cancels only background responses", async () => {
    const bg = (
      await call(gw.fake, "POST /v1/responses", "createResponse", {
        model: "m",
        input: "x",
        background: true,
      })
    ).json as Json;
    expect(bg["status"]).toBe("in_progress");
    const cancelled = await call(
      gw.fake,
      `POST /v1/responses/${String(bg["id"])}/cancel`,
      "cancelResponse",
    );
    expect((cancelled.json as Json)["status"]).toBe("cancelled");
    const fg = (
      await call(gw.fake, "POST /v1/responses", "createResponse", { model: "m", input: "x" })
    ).json as Json;
    expect(
      (await call(gw.fake, `POST /v1/responses/${String(fg["id"])}/cancel`, "cancelResponse"))
        .status,
    ).toBe(400);
    expect(
      (await call(gw.fake, "POST /v1/responses/resp_none/cancel", "cancelResponse")).status,
    ).toBe(404);
  });

  it("counts input tokens and compacts", async () => {
    const count = await call(
      gw.fake,
      "POST /v1/responses/input_tokens",
      "countResponseInputTokens",
      {
        model: "m",
        input: "12345678",
      },
    );
    expect(count.json).toEqual({ object: "response.input_tokens", input_tokens: 2 });
    const compact = await call(gw.fake, "POST /v1/responses/compact", "compactResponse", {
      model: "m",
      input: "history",
    });
    expect(compact.json).toMatchObject({ object: "response.compaction" });
    expect(((compact.json as Json)["output"] as Json[]).at(-1)).toMatchObject({
      type: "compaction",
    });
    expect(
      (await call(gw.fake, "POST /v1/responses/compact", "compactResponse", { input: "x" })).status,
    ).toBe(400);
  });

  it("streams the lifecycle as SSE (event + data) with rising sequence numbers", async () => {
    const answer = await call(gw.fake, "POST /v1/responses", "createResponse", {
      model: "m",
      input: "one two three",
      stream: true,
    });
    expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const frames = sseEvents(answer.text);
    expectStreamConforms(EVENT, frames);
    const types = frames.map((f) => (f.data as Json)["type"]);
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(frames.every((f) => f.event === (f.data as Json)["type"])).toBe(true);
    expect(frames.map((f) => (f.data as Json)["sequence_number"])).toEqual(frames.map((_, i) => i));
    const text = frames
      .filter((f) => (f.data as Json)["type"] === "response.output_text.delta")
      .map((f) => (f.data as Json)["delta"])
      .join("");
    expect(text).toBe("Echo: one two three");
    const id = String(((frames[0]!.data as Json)["response"] as Json)["id"]);
    const replay = await call(
      gw.fake,
      `GET /v1/responses/${id}?stream=true&starting_after=5`,
      "retrieveResponse",
    );
    expect(sseEvents(replay.text).map((f) => (f.data as Json)["sequence_number"])[0]).toBe(6);
  });

  it("replays a scripted transcript, or scripted raw events", async () => {
    gw.fake.responses.scriptStream({ transcript: "Scripted words here" });
    gw.fake.responses.scriptStream({
      events: [{ type: "response.custom_future_event", sequence_number: 0 }],
    });
    const first = await streamedEvents();
    expect(
      first
        .filter((f) => (f.data as Json)["type"] === "response.output_text.done")
        .map((f) => (f.data as Json)["text"]),
    ).toEqual(["Scripted words here"]);
    const second = await streamedEvents();
    expect(second).toEqual([
      {
        event: "response.custom_future_event",
        data: { type: "response.custom_future_event", sequence_number: 0 },
      },
    ]);
  });

  it("sends an error event after N events, then ends", async () => {
    gw.fake.responses.scriptStream({ errorAfter: 2 });
    const frames = await streamedEvents();
    expect(frames).toHaveLength(3);
    expect(frames[2]).toMatchObject({
      event: "error",
      data: { type: "error", code: "server_error", sequence_number: 2 },
    });
    expectStreamConforms(EVENT, frames);
  });

  it("stalls after N events and keeps the socket open until the client aborts", async () => {
    gw.fake.responses.scriptStream({ stallAfter: 2 });
    const controller = new AbortController();
    const response = await streamResponse(gw.fake, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = "";
    const decoder = new TextDecoder();
    while (received.split("\n\n").length - 1 < 2) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended instead of stalling");
      received += decoder.decode(value);
    }
    const next = Promise.race([
      reader.read().then(() => "data"),
      new Promise((r) => setTimeout(() => r("stalled"), 200)),
    ]);
    expect(await next).toBe("stalled");
    controller.abort();
    expect(sseEvents(received)).toHaveLength(2);
  });

  it("truncates a stream when the truncate fault hits it", async () => {
    gw.fake.faults.add({ route: "createResponse", fault: { type: "truncate" }, times: 1 });
    const result = await readFully(`${gw.fake.url}/v1/responses`, {
      method: "POST",
      headers: {
        ...credentialFor("/v1/responses", gw.fake.apiKey),
        "content-type": "application/json",
      },
      body: JSON.stringify({ model: "m", input: "x", stream: true }),
    });
    expect(result.error).toBeDefined();
  });
});

import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  fromRoot,
  loadSpec,
  REAL_PAYLOADS_MISSING,
  readPayload,
  realPayloadsDir,
} from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectGenerateContent, collectResponse, outputText } from "../../src/collect.js";
import {
  createGatewayClient,
  errorClassOf,
  type FeedgateErrorKind,
  type GatewayClient,
  isFeedgateError,
  isImageTask,
  StreamError,
} from "../../src/index.js";
import { startScriptedServer } from "../support/scripted-server.js";
import { dataOf } from "../support/transcripts.js";

const spec = loadSpec(fromRoot("specs/gateway/dist/openapi.json"));
const dir = realPayloadsDir();
if (!dir) console.warn(REAL_PAYLOADS_MISSING);

const RESPONSE_EVENT = "#/components/schemas/ResponseStreamEvent";
const GEMINI_CHUNK = "#/components/schemas/GenerateContentResponse";

type Ask = (client: GatewayClient) => Promise<unknown>;
/** The call that reads a recorded answer, by its operation. */
const ask: Record<string, Ask> = {
  createResponse: (c) => c.responses.create({ model: "gpt-5.2", input: "hi" }),
  countResponseInputTokens: (c) =>
    c.responses.countInputTokens({ model: "gpt-4.1-mini", input: "hi" }),
  countMessageTokens: (c) =>
    c.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "hi" }],
    }),
  generateContent: (c) =>
    c.gemini.generateContent("gemini-2.5-flash", { contents: [{ parts: [{ text: "hi" }] }] }),
  createImage: (c) => c.images.generate({ model: "GPT-image-2", prompt: "a fox" }),
};

/** A recorded JSON body: the operation and status it answered. */
interface JsonPayload {
  operationId: string;
  status: number;
  /** For errors: the envelope kind and code the client must report. */
  error?: { envelope: string; code: string; kind: FeedgateErrorKind };
  /** Headers the real service sends with it. */
  headers?: Record<string, string>;
}

/** Every JSON body in real-payloads/gateway (see its INDEX.md), by file name. */
const JSON_PAYLOADS: Record<string, JsonPayload> = {
  "responses-create.200.vercel-ai-gpt-6-luna.json": { operationId: "createResponse", status: 200 },
  // OpenAI sends insufficient_quota with 429 (the fixture does not store the status).
  "responses-create.error-insufficient-quota.vercel-ai.json": {
    operationId: "createResponse",
    status: 429,
    // rate_limited, keeping its code: isTransientError says waiting does not refill a quota.
    error: { envelope: "openai", code: "insufficient_quota", kind: "rate_limited" },
  },
  "responses-create.400-unsupported-parameter.vercel-ai.json": {
    operationId: "createResponse",
    status: 400,
    // `code: null`: the type is the code.
    error: { envelope: "openai", code: "invalid_request_error", kind: "invalid_request" },
  },
  "responses-create.400-decimal-below-min.pydantic-ai.json": {
    operationId: "createResponse",
    status: 400,
    error: { envelope: "openai", code: "decimal_below_min_value", kind: "invalid_request" },
  },
  "responses-input_tokens.200.pydantic-ai-gpt-4.1-mini.json": {
    operationId: "countResponseInputTokens",
    status: 200,
  },
  "anthropic-count_tokens.200.pydantic-ai-claude-sonnet-4-5.json": {
    operationId: "countMessageTokens",
    status: 200,
  },
  "anthropic-count_tokens.404-not-found.pydantic-ai.json": {
    operationId: "countMessageTokens",
    status: 404,
    // An upstream's own 404 (here: an unknown model), not a route the gateway lacks.
    error: { envelope: "anthropic", code: "not_found_error", kind: "not_found" },
    headers: { "request-id": "req_011CVEA3SF7rnb3DuBZytqQa" },
  },
  "gemini-generateContent.200-text.vercel-ai-gemini-3-pro-preview.json": {
    operationId: "generateContent",
    status: 200,
  },
  // The source replaced the image bytes with a placeholder: the schema (contentEncoding is an annotation) still takes it.
  "gemini-generateContent.200-image.vercel-ai-gemini-3.1-flash-image.REDACTED-BY-SOURCE.json": {
    operationId: "generateContent",
    status: 200,
  },
  "gemini-generateContent.400-invalid-argument.vercel-ai.json": {
    operationId: "generateContent",
    status: 400,
    error: { envelope: "google", code: "INVALID_ARGUMENT", kind: "invalid_request" },
  },
  "gemini-generateContent.429-resource-exhausted.vercel-ai.json": {
    operationId: "generateContent",
    status: 429,
    error: { envelope: "google", code: "RESOURCE_EXHAUSTED", kind: "rate_limited" },
  },
  "images-generations.200-b64_json.vercel-ai.json": { operationId: "createImage", status: 200 },
  "images-generations.200-url.dall-e-3-kotlin-script-paste.json": {
    operationId: "createImage",
    status: 200,
  },
  "images-generations.400-unknown-parameter.vercel-ai.json": {
    operationId: "createImage",
    status: 400,
    error: { envelope: "openai", code: "unknown_parameter", kind: "invalid_request" },
  },
};

/** An `/v1/images/edits` answer: the gateway has no such route, but its result has the image result's shape. */
const EDITS = "images-edits.200-b64_json.vercel-ai.json";

/** The stream recordings. */
const RESPONSES_SSE = "responses-stream.200.pydantic-ai-gpt-5.2.sse";
const GEMINI_SSE = "gemini-streamGenerateContent-alt-sse.200.pydantic-ai-gemini-2.5-flash.sse";
const FAILING_CHUNKS = "responses-stream.error-insufficient-quota.vercel-ai.chunks.jsonl";

const payload = (file: string) => readPayload(`gateway/${file}`);

describe.skipIf(!dir)("every recorded gateway payload has a conformance check", () => {
  it("no file in real-payloads/gateway is left out", () => {
    const known = [
      ...Object.keys(JSON_PAYLOADS),
      EDITS,
      RESPONSES_SSE,
      GEMINI_SSE,
      FAILING_CHUNKS,
    ].sort();
    expect(readdirSync(join(dir!, "gateway")).sort()).toEqual(known);
  });
});

describe.skipIf(!dir)("the document accepts every recorded gateway payload", () => {
  for (const [file, { operationId, status }] of Object.entries(JSON_PAYLOADS)) {
    it(`${file}: a valid ${operationId} ${status} body`, () => {
      const result = spec.validateResponse(operationId, status, JSON.parse(payload(file)));
      expect(result.text).toBe("");
      expect(result.valid).toBe(true);
    });
  }

  it(`${EDITS}: a valid image result (ImagesResponse), extra top-level keys and all`, () => {
    expect(spec.document["paths"]).not.toHaveProperty("/v1/images/edits");
    expect(
      spec.validatePointer("#/components/schemas/ImagesResponse", JSON.parse(payload(EDITS))).text,
    ).toBe("");
  });

  it(`${RESPONSES_SSE}: a createResponse event stream whose every event is a ResponseStreamEvent`, () => {
    const text = payload(RESPONSES_SSE);
    expect(spec.validateResponse("createResponse", 200, text, "text/event-stream").text).toBe("");
    const events = dataOf(text);
    expect(events).toHaveLength(14);
    for (const event of events)
      expect(spec.validatePointer(RESPONSE_EVENT, event).text, String(event["type"])).toBe("");
  });

  it(`${GEMINI_SSE}: a streamGenerateContent event stream whose every chunk is a GenerateContentResponse`, () => {
    const text = payload(GEMINI_SSE);
    expect(
      spec.validateResponse("streamGenerateContent", 200, text, "text/event-stream").text,
    ).toBe("");
    const chunks = dataOf(text);
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks) expect(spec.validatePointer(GEMINI_CHUNK, chunk).text).toBe("");
  });

  it(`${FAILING_CHUNKS}: every payload is a ResponseStreamEvent, the error event included`, () => {
    const events = payload(FAILING_CHUNKS)
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((e) => e["type"])).toEqual([
      "response.created",
      "response.in_progress",
      "error",
      "response.failed",
    ]);
    for (const event of events)
      expect(spec.validatePointer(RESPONSE_EVENT, event).text, String(event["type"])).toBe("");
  });
});

describe.skipIf(!dir)(
  "the client reads every recorded gateway payload, served verbatim from 127.0.0.1",
  () => {
    let server: Awaited<ReturnType<typeof startScriptedServer>>;
    let client: GatewayClient;
    beforeAll(async () => {
      server = await startScriptedServer();
      // One scripted answer per request: no retries (a retry would meet "no script left").
      client = createGatewayClient({
        baseUrl: server.url,
        apiKey: "sk-conformance-3c8d1e",
        maxRetries: 0,
      });
    });
    afterAll(() => server.close());

    const serve = (status: number, body: string, headers: Record<string, string> = {}) =>
      server.script({
        status,
        headers: {
          "content-type": "application/json",
          "x-oneapi-request-id": "20261123000000042",
          ...headers,
        },
        chunks: [body],
      });

    for (const [file, { operationId, status, error, headers }] of Object.entries(JSON_PAYLOADS)) {
      it(`${file}`, async () => {
        const text = payload(file);
        serve(status, text, headers);
        const outcome = await ask[operationId]!(client).then(
          (value) => ({ value }),
          (thrown: unknown) => ({ thrown }),
        );
        if (!error) {
          expect(outcome).toEqual({ value: JSON.parse(text) });
          return;
        }
        expect("thrown" in outcome && isFeedgateError(outcome.thrown)).toBe(true);
        const thrown = (outcome as { thrown: unknown }).thrown;
        expect(thrown).toBeInstanceOf(errorClassOf(error.kind));
        expect(thrown).toMatchObject({
          kind: error.kind,
          status,
          code: error.code,
          envelope: { ...JSON.parse(text), kind: error.envelope },
        });
        // The gateway's own id outranks an upstream's `request-id`.
        expect(thrown).toMatchObject({ requestId: "20261123000000042" });
      });
    }

    it(`${EDITS}: read as an image result`, async () => {
      serve(200, payload(EDITS));
      const result = await ask.createImage!(client);
      expect(result).toEqual(JSON.parse(payload(EDITS)));
      expect(isImageTask(result as never)).toBe(false);
    });

    it("responses-create.200: output_text computed from the output items", async () => {
      serve(200, payload("responses-create.200.vercel-ai-gpt-6-luna.json"));
      expect(outputText(await client.responses.create({ model: "gpt-6", input: "say ok" }))).toBe(
        "ok",
      );
    });

    it(`${RESPONSES_SSE}: every event decoded, collected to the completed Response`, async () => {
      const text = payload(RESPONSES_SSE);
      server.script({
        headers: { "content-type": "text/event-stream; charset=utf-8" },
        chunks: [text],
      });
      const [a, b] = (await client.responses.stream({ model: "gpt-5.2", input: "hi" })).tee();
      const events: unknown[] = [];
      const [, collected] = await Promise.all([
        (async () => {
          for await (const event of a) events.push(event);
        })(),
        collectResponse(b),
      ]);
      expect(events).toEqual(dataOf(text));
      expect(collected.response.status).toBe("completed");
      expect(collected.outputText.length).toBeGreaterThan(0);
    });

    it(`${GEMINI_SSE}: every chunk decoded and folded into one candidate`, async () => {
      const text = payload(GEMINI_SSE);
      server.script({ headers: { "content-type": "text/event-stream" }, chunks: [text] });
      const folded = await collectGenerateContent(
        await client.gemini.streamGenerateContent("gemini-2.5-flash", {
          contents: [{ parts: [{ text: "count" }] }],
        }),
      );
      const chunks = dataOf(text) as Array<{
        candidates: Array<{ content: { parts: Array<{ text?: string }> } }>;
      }>;
      const joined = chunks
        .flatMap((c) => c.candidates[0]!.content.parts.map((p) => p.text ?? ""))
        .join("");
      expect(folded.candidates?.[0]?.content?.parts).toEqual([{ text: joined }]);
      expect(folded.candidates?.[0]?.finishReason).toBe("STOP");
      expect(spec.validateResponse("generateContent", 200, folded).text).toBe("");
    });

    it(`${FAILING_CHUNKS}: re-framed as SSE, the error event becomes a typed stream error`, async () => {
      const framed = payload(FAILING_CHUNKS)
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
        .join("");
      server.script({ headers: { "content-type": "text/event-stream" }, chunks: [framed] });
      const error = await collectResponse(
        await client.responses.stream({ model: "gpt-5-nano", input: "hi" }),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StreamError);
      expect(error).toMatchObject({
        name: "StreamError",
        kind: "stream",
        code: "insufficient_quota",
      });
    });
  },
);

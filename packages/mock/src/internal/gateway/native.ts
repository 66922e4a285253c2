import { parseJsonBody, type Reply } from "../core/reply.js";
import { anthropicError, invalidRequest, json, NOT_JSON } from "./envelopes.js";
import { estimateTokens, type GatewayIds, textOf } from "./ids.js";
import { PIXEL_PNG } from "./images.js";
import { type StreamScript, sseFrame, streamReply, wordDeltas } from "./sse.js";

type Json = Record<string, unknown>;

/**
 * POST /v1/messages/count_tokens. The gateway's own validation (bad JSON, no `model`) answers 500,
 * Claude-shaped on this route: `type: new_api_error`, no code.
 */
export function countMessageTokens(body: string): Reply {
  const request = parseJsonBody(body);
  if (!request) return anthropicError(500, "new_api_error", NOT_JSON);
  if (typeof request["model"] !== "string")
    return anthropicError(500, "new_api_error", "model is required");
  if (!Array.isArray(request["messages"]))
    return anthropicError(400, "invalid_request_error", "messages: Field required");
  return json(200, {
    input_tokens: estimateTokens(textOf(request["messages"]) + textOf(request["system"])),
  });
}

/**
 * The image parts of an answer: one inline PNG when the request asks for images
 * (`generationConfig.responseModalities` containing `IMAGE`, as Gemini image models are asked), else none.
 */
function imageParts(request: Json): Json[] {
  const config = request["generationConfig"] as { responseModalities?: unknown } | undefined;
  const modalities = Array.isArray(config?.responseModalities) ? config.responseModalities : [];
  return modalities.some((m) => typeof m === "string" && m.toUpperCase() === "IMAGE")
    ? [{ inlineData: { mimeType: "image/png", data: PIXEL_PNG } }]
    : [];
}

/** Gemini generateContent / streamGenerateContent (always SSE, like the gateway); an image part when asked for images. */
export class GeminiFake {
  #scripts: StreamScript[] = [];

  constructor(private readonly ids: GatewayIds) {}

  scriptStream(script: StreamScript): void {
    this.#scripts.push(script);
  }

  /**
   * The gateway's own validation (relay/helper/valid_request.go:308-323): bad JSON, or neither
   * `contents` nor `requests`, is a 500 `invalid_request`, answered before any upstream.
   */
  #parse(body: string, requestId: string): { request: Json } | { error: Reply } {
    const request = parseJsonBody(body);
    if (!request) return { error: invalidRequest(NOT_JSON, requestId) };
    if (!Array.isArray(request["contents"]) && !Array.isArray(request["requests"]))
      return { error: invalidRequest("contents is required", requestId) };
    return { request };
  }

  #usage(prompt: string, text: string): Json {
    const p = estimateTokens(prompt);
    const c = estimateTokens(text);
    return { promptTokenCount: p, candidatesTokenCount: c, totalTokenCount: p + c };
  }

  /** One answer, or one stream chunk, carrying `text`; with `usage` it is the last: finished, with the image parts. */
  #answer(request: Json, model: string, responseId: string, text: string, usage?: Json): Json {
    const parts = [{ text }, ...(usage ? imageParts(request) : [])];
    return {
      candidates: [
        { content: { role: "model", parts }, ...(usage && { finishReason: "STOP" }), index: 0 },
      ],
      ...(usage && { usageMetadata: usage }),
      modelVersion: model,
      responseId,
    };
  }

  generate(model: string, body: string, requestId: string): Reply {
    const parsed = this.#parse(body, requestId);
    if ("error" in parsed) return parsed.error;
    const prompt = textOf(parsed.request["contents"]);
    const text = `Echo: ${prompt.slice(0, 200)}`;
    const usage = this.#usage(prompt, text);
    return json(200, this.#answer(parsed.request, model, this.ids.alnum(22), text, usage));
  }

  stream(model: string, body: string, requestId: string): Reply {
    const parsed = this.#parse(body, requestId);
    if ("error" in parsed) return parsed.error;
    const script = this.#scripts.shift();
    const prompt = textOf(parsed.request["contents"]);
    const text = script?.transcript ?? `Echo: ${prompt.slice(0, 200)}`;
    const responseId = this.ids.alnum(22);
    const deltas = wordDeltas(text);
    const last = deltas.length - 1;
    const chunks =
      script?.events ??
      deltas.map((delta, i) =>
        this.#answer(
          parsed.request,
          model,
          responseId,
          delta,
          i === last ? this.#usage(prompt, text) : undefined,
        ),
      );
    const error = { code: 500, message: "The fake stream failed on purpose.", status: "INTERNAL" };
    return streamReply(chunks, script, (chunk) => sseFrame(chunk), { error });
  }
}

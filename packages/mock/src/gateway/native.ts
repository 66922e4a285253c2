import { jsonReply, type Reply } from "../core/reply.js";
import { anthropicError, googleError } from "./envelopes.js";
import { estimateTokens, textOf, type GatewayIds } from "./ids.js";
import { parseJsonBody } from "./responses.js";
import { SSE_HEADERS, sseFrame, wordDeltas, type StreamScript } from "./sse.js";

type Json = Record<string, unknown>;

/** POST /v1/messages/count_tokens. */
export function countMessageTokens(body: string): Reply {
  const request = parseJsonBody(body);
  if (!request) return anthropicError(400, "invalid_request_error", "The request body is not valid JSON.");
  if (typeof request["model"] !== "string") return anthropicError(400, "invalid_request_error", "model: Field required");
  if (!Array.isArray(request["messages"])) return anthropicError(400, "invalid_request_error", "messages: Field required");
  return jsonReply(200, { input_tokens: estimateTokens(textOf(request["messages"]) + textOf(request["system"])) }, {}, "application/json");
}

/** Gemini generateContent / streamGenerateContent (always SSE, like the gateway). */
export class GeminiFake {
  #scripts: StreamScript[] = [];

  constructor(private readonly ids: GatewayIds) {}

  scriptStream(script: StreamScript): void {
    this.#scripts.push(script);
  }

  #parse(body: string): { request: Json } | { error: Reply } {
    const request = parseJsonBody(body);
    if (!request) return { error: googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.") };
    if (!Array.isArray(request["contents"])) return { error: googleError(400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified") };
    return { request };
  }

  #usage(prompt: string, text: string): Json {
    const p = estimateTokens(prompt);
    const c = estimateTokens(text);
    return { promptTokenCount: p, candidatesTokenCount: c, totalTokenCount: p + c };
  }

  generate(model: string, body: string): Reply {
    const parsed = this.#parse(body);
    if ("error" in parsed) return parsed.error;
    const prompt = textOf(parsed.request["contents"]);
    const text = `Echo: ${prompt.slice(0, 200)}`;
    return jsonReply(
      200,
      {
        candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
        usageMetadata: this.#usage(prompt, text),
        modelVersion: model,
        responseId: this.ids.alnum(22),
      },
      {},
      "application/json",
    );
  }

  stream(model: string, body: string): Reply {
    const parsed = this.#parse(body);
    if ("error" in parsed) return parsed.error;
    const script = this.#scripts.shift();
    const prompt = textOf(parsed.request["contents"]);
    const text = script?.transcript ?? `Echo: ${prompt.slice(0, 200)}`;
    const responseId = this.ids.alnum(22);
    const deltas = wordDeltas(text);
    const chunks: unknown[] =
      script?.events ??
      deltas.map((delta, i) => {
        const last = i === deltas.length - 1;
        return {
          candidates: [{ content: { role: "model", parts: [{ text: delta }] }, ...(last ? { finishReason: "STOP" } : {}), index: 0 }],
          ...(last ? { usageMetadata: this.#usage(prompt, text) } : {}),
          modelVersion: model,
          responseId,
        };
      });
    const frames: string[] = [];
    for (const [index, chunk] of chunks.entries()) {
      if (script?.errorAfter !== undefined && index === script.errorAfter) break;
      frames.push(sseFrame(chunk));
    }
    if (script?.errorAfter !== undefined) frames.push(sseFrame({ error: { code: 500, message: "The fake stream failed on purpose.", status: "INTERNAL" } }));
    return { status: 200, headers: { ...SSE_HEADERS }, stream: { chunks: frames, ...(script?.stallAfter !== undefined ? { stallAfter: script.stallAfter } : {}) } };
  }
}

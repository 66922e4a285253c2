import type { Context, CallOptions, StreamCallOptions } from "./context.js";
import { linkedController, STREAM_ACCEPT } from "./context.js";
import { generateContentDecoder } from "./decoders.js";
import type { GatewayStream } from "./sse.js";
import type { GenerateContentRequest, GenerateContentResponse } from "./types.js";
import { GatewayError } from "./errors.js";

function checkModel(model: unknown): string {
  if (typeof model !== "string" || model.trim() === "" || /[/?#:]/.test(model)) {
    throw new GatewayError({
      kind: "config",
      code: "invalid_model",
      message: "model: a non-empty model id without '/', '?', '#' or ':' (it becomes a path segment)",
    });
  }
  return model;
}

/** The Gemini-style routes (`x-goog-api-key` auth). */
export function geminiApi(ctx: Context) {
  const { raw } = ctx;
  return {
    /** `POST /v1beta/models/{model}:generateContent`. */
    async generateContent(model: string, body: GenerateContentRequest, options: CallOptions = {}): Promise<GenerateContentResponse> {
      const result = await raw.POST("/v1beta/models/{model}:generateContent", {
        params: { path: { model: checkModel(model) } },
        body,
        signal: options.signal ?? null,
      });
      if (result.data === undefined) throw ctx.failure("generateContent", result);
      return result.data;
    },

    /**
     * `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`: one GenerateContentResponse
     * chunk per event. `collectGenerateContent()` folds them into one answer.
     */
    async streamGenerateContent(
      model: string,
      body: GenerateContentRequest,
      options: StreamCallOptions = {},
    ): Promise<GatewayStream<GenerateContentResponse>> {
      const controller = linkedController(options.signal);
      const result = await raw.POST("/v1beta/models/{model}:streamGenerateContent", {
        params: { path: { model: checkModel(model) }, query: { alt: "sse" } },
        body,
        headers: { Accept: STREAM_ACCEPT },
        parseAs: "stream",
        signal: controller.signal,
      });
      if (!result.response.ok) throw ctx.failure("streamGenerateContent", result);
      return ctx.stream(result.response, controller, (s, id) => generateContentDecoder<GenerateContentResponse>(ctx.redact, s, id), options.idleTimeoutMs);
    },
  };
}

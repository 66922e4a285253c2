import type { Context, CallOptions, StreamCallOptions } from "./context.js";
import type { GatewayStream } from "./sse.js";
import type { GenerateContentRequest, GenerateContentResponse } from "./types.js";
import { gatewayError } from "./errors.js";

/** The model's path parameter, checked: it becomes a path segment. */
function modelPath(model: unknown) {
  if (typeof model !== "string" || model.trim() === "" || /[/?#:]/.test(model)) {
    throw gatewayError("config", "invalid_model", "model: a non-empty model id without '/', '?', '#' or ':' (it becomes a path segment)");
  }
  return { model };
}

/** The Gemini-style routes (`x-goog-api-key` auth). */
export function geminiApi({ call, stream }: Context) {
  return {
    /** `POST /v1beta/models/{model}:generateContent`. */
    async generateContent(model: string, body: GenerateContentRequest, options?: CallOptions): Promise<GenerateContentResponse> {
      return call("generateContent", "POST", "/v1beta/models/{model}:generateContent", { params: { path: modelPath(model) }, body }, options);
    },

    /**
     * `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`: one GenerateContentResponse
     * chunk per event. `collectGenerateContent()` folds them into one answer.
     */
    async streamGenerateContent(model: string, body: GenerateContentRequest, options?: StreamCallOptions): Promise<GatewayStream<GenerateContentResponse>> {
      const params = { path: modelPath(model), query: { alt: "sse" } };
      return stream("streamGenerateContent", "/v1beta/models/{model}:streamGenerateContent", { params, body }, options, true);
    },
  };
}

import { type APIPromise, invalidArgument } from "@feedgate/core";
import type { CallOptions, Context, StreamCallOptions } from "./context.js";
import type { GatewayStream } from "./sse.js";
import { bodyOf, type GenerateContentParams, type GenerateContentResponse } from "./types.js";

/** The model's path parameter, checked: it becomes a path segment. */
function modelPath(model: unknown) {
  if (typeof model !== "string" || model.trim() === "" || /[/?#:]/.test(model)) {
    throw invalidArgument(
      "model",
      "a non-empty model id without '/', '?', '#' or ':' (it becomes a path segment)",
    );
  }
  return { model };
}

/** The Gemini-style routes (`x-goog-api-key` auth). */
export interface GeminiApi {
  /** `POST /v1beta/models/{model}:generateContent`. */
  generateContent(
    model: string,
    body: GenerateContentParams,
    options?: CallOptions,
  ): APIPromise<GenerateContentResponse>;
  /**
   * `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`: one GenerateContentResponse
   * chunk per event. `collectGenerateContent()` (`@feedgate/gateway-client/collect`) folds them into one answer.
   */
  streamGenerateContent(
    model: string,
    body: GenerateContentParams,
    options?: StreamCallOptions,
  ): Promise<GatewayStream<GenerateContentResponse>>;
}

export function geminiApi({ call, stream }: Context): GeminiApi {
  return {
    generateContent: (model, body, options) =>
      call(
        "generateContent",
        "POST",
        "/v1beta/models/{model}:generateContent",
        () => ({ params: { path: modelPath(model) }, body: bodyOf(body) }),
        options,
      ),
    async streamGenerateContent(model, body, options) {
      const params = { path: modelPath(model), query: { alt: "sse" } };
      return stream(
        "streamGenerateContent",
        "/v1beta/models/{model}:streamGenerateContent",
        { params, body: bodyOf(body) },
        options,
        true,
      );
    },
  };
}

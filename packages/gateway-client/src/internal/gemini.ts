import { type APIPromise, invalidArgument } from "@feedgate/core";
import type { Caller, CallOptions, StreamCallOptions } from "./call.js";
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

export function geminiApi({ call, stream }: Caller): GeminiApi {
  return {
    generateContent: (model, body, o) =>
      call(
        "generateContent",
        () => ({ params: { path: modelPath(model) }, body: bodyOf(body) }),
        o,
      ),
    streamGenerateContent: async (model, body, o) =>
      stream(
        "streamGenerateContent",
        { params: { path: modelPath(model), query: { alt: "sse" } }, body: bodyOf(body) },
        o,
      ),
  };
}

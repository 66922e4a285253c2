import type { GatewayRoute } from "./routes.js";

type Json = Record<string, unknown>;

/** A list of keys written as one space-separated string. */
const words = (keys: string): readonly string[] => keys.split(" ");

/**
 * The keys of the gateway's closed request structs, which are all that reaches the upstream while
 * pass-through is off (the default: setting/model_setting/global.go:43, dto/channel_settings.go:7).
 * Taken from the DTOs the source names; a key the source adds later would be dropped here too.
 */
const GEMINI = words(
  "contents requests safetySettings generationConfig tools toolConfig systemInstruction " +
    "cachedContent",
);

const KEPT: Partial<Record<GatewayRoute, readonly string[]>> = {
  // dto/openai_request.go:830-873 (`background` is commented out at :834-835); service_tier,
  // safety_identifier, inference_geo and speed are filtered (relay/common/relay_info.go:784-829).
  createResponse: words(
    "model input include instructions max_output_tokens max_tool_calls metadata " +
      "parallel_tool_calls previous_response_id reasoning store stream stream_options temperature " +
      "text tool_choice tools top_logprobs top_p truncation user prompt prompt_cache_key " +
      "prompt_cache_retention conversation context_management enable_thinking preset",
  ),
  // Only four fields are forwarded (relay/responses_handler.go:42-48).
  compactResponse: words("model input instructions previous_response_id"),
  // ImageRequest.MarshalJSON drops the unknown keys on purpose (dto/openai_image.go:66-89).
  createImage: words(
    "model prompt n size quality response_format style user background moderation output_format " +
      "output_compression partial_images stream watermark",
  ),
  // dto/gemini.go:14-23.
  generateContent: GEMINI,
  streamGenerateContent: GEMINI,
};

/**
 * The body the upstream receives: the request's own keys with pass-through on, otherwise only the
 * keys of the route's struct. Routes without a struct here (operations the source does not route)
 * pass unchanged.
 */
export function upstreamBody(route: GatewayRoute, request: Json, passThrough: boolean): Json {
  const kept = KEPT[route];
  if (passThrough || kept === undefined) return request;
  return Object.fromEntries(Object.entries(request).filter(([key]) => kept.includes(key)));
}

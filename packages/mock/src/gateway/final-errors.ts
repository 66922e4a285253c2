import type { Reply } from "../core/reply.js";
import { relayError } from "./envelopes.js";
import type { GatewayRoute } from "./routes.js";

/** A final error the gateway answers after the distributor, which retrying cannot change. */
export interface FinalError {
  /**
   * Which one:
   * - `convert_request_failed`: the Responses route on a model only non-OpenAI channels serve
   *   ("not implemented", relay/responses_handler.go:80-84);
   * - `sensitive_words_detected`: the operator's word list matched (controller/relay.go:135-141);
   * - `count_token_failed`: the token estimate failed, e.g. an input image URL that cannot be fetched (:144-148);
   * - `task_id_empty`: the fork's async image submit to an upstream that ignores async: 500
   *   `bad_response_status_code` "task_id is empty", after the upstream generated (and billed) the image
   *   (relay/channel/task/openai_image/adaptor.go:140-146);
   * - `get_channel_failed`: no channel left during a retry (controller/relay.go:300-309);
   * - `channel:model_mapped_error` (relay/responses_handler.go:63-66).
   */
  code:
    | "convert_request_failed"
    | "sensitive_words_detected"
    | "count_token_failed"
    | "task_id_empty"
    | "get_channel_failed"
    | "channel:model_mapped_error";
  /** The operation it applies to. Default: the next routed request, whichever. */
  route?: GatewayRoute;
}

const MESSAGES: Record<FinalError["code"], string> = {
  convert_request_failed: "not implemented",
  sensitive_words_detected: "sensitive_words_detected",
  count_token_failed: "failed to get image token: fetch image failed",
  task_id_empty: "task_id is empty",
  get_channel_failed: "获取分组 default 下模型的可用渠道失败（retry）",
  "channel:model_mapped_error": "model mapping failed",
};

/** The 500 the relay answers: OpenAI-shaped, `param: ""`, request id in the message (controller/relay.go:88-106). */
export function finalErrorReply(error: FinalError, requestId: string): Reply {
  if (error.code === "task_id_empty") {
    const reply = relayError(500, "bad_response_status_code", MESSAGES.task_id_empty, requestId);
    return {
      ...reply,
      body: String(reply.body).replace(
        '"type":"new_api_error"',
        '"type":"bad_response_status_code"',
      ),
    };
  }
  return relayError(500, error.code, MESSAGES[error.code], requestId);
}

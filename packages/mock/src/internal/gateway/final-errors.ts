import type { Reply } from "../core/reply.js";
import { openaiError, relayError } from "./envelopes.js";
import type { GatewayRoute } from "./routes.js";

/**
 * A scripted answer of the gateway after the distributor, which retrying cannot change: one of its
 * final errors, or what the operator's setup makes it answer (a key's state, a channel's own
 * answer relayed as it came). None is the source's default: each stands for one request.
 */
export interface FinalError {
  /**
   * Which one (each 500 unless said; the relayed ones carry no request id and not `new_api_error`):
   * - `convert_request_failed`: the Responses route on a model only non-OpenAI channels serve
   *   ("not implemented", relay/responses_handler.go:80-84);
   * - `sensitive_words_detected`: the operator's word list matched (controller/relay.go:135-141);
   * - `count_token_failed`: the token estimate failed, e.g. an input image URL that cannot be fetched (:144-148);
   * - `task_id_empty`: the fork's async image submit to an upstream that ignores async: 500
   *   `bad_response_status_code` "task_id is empty", after the upstream generated (and billed) the image
   *   (relay/channel/task/openai_image/adaptor.go:140-146);
   * - `get_channel_failed`: no channel left during a retry (controller/relay.go:300-309);
   * - `channel:model_mapped_error` (relay/responses_handler.go:63-66);
   * - `bad_response_body`: an upstream 200 that did not parse (relay_responses.go:29-31);
   * - `model_price_error`: 400, the operator has not priced the model (relay/helper/price.go:20-33);
   * - `key_exhausted`: 401 `Invalid token`, a key out of quota, expired or disabled (model/token.go:194-218);
   * - `pre_consume_token_quota_failed`: 403, the key's quota is below the pre-charge (service/quota.go:394-396);
   * - `insufficient_user_quota`: 403, the wallet is (service/billing_session.go:355-366);
   * - `channel_pinned`: 403, a key with `-<channel id>` from a non-admin (middleware/auth.go:429-436);
   * - `relayed_no_route` (M1): 404 "Invalid URL" relayed from a chained new-api that lacks the route,
   *   without the gateway's own cache header;
   * - `relayed_unauthorized` (M3): 401 `invalid_api_key`, the channel's own credential refused;
   * - `no_async_endpoint` (M7): 404 `bad_response_status_code` "openai_error", an async image
   *   submit to a channel without an async endpoint (relay/image_task.go:42-44; nothing billed).
   */
  code:
    | "convert_request_failed"
    | "sensitive_words_detected"
    | "count_token_failed"
    | "task_id_empty"
    | "get_channel_failed"
    | "channel:model_mapped_error"
    | "bad_response_body"
    | "model_price_error"
    | "key_exhausted"
    | "pre_consume_token_quota_failed"
    | "insufficient_user_quota"
    | "channel_pinned"
    | "relayed_no_route"
    | "relayed_unauthorized"
    | "no_async_endpoint";
  /** The operation it applies to. Default: the next routed request, whichever. */
  route?: GatewayRoute | undefined;
}

/** Per code: status, message, code (default: the key) and the envelope's type when it is not the gateway's own. */
const ANSWERS: Record<FinalError["code"], readonly [number, string, string?, string?]> = {
  convert_request_failed: [500, "not implemented"],
  sensitive_words_detected: [500, "sensitive_words_detected"],
  count_token_failed: [500, "failed to get image token: fetch image failed"],
  task_id_empty: [500, "task_id is empty", "bad_response_status_code", "bad_response_status_code"],
  get_channel_failed: [500, "获取分组 default 下模型的可用渠道失败（retry）"],
  "channel:model_mapped_error": [500, "model mapping failed"],
  bad_response_body: [500, "bad response body"],
  model_price_error: [400, "model price not set for this model"],
  key_exhausted: [401, "Invalid token", ""],
  pre_consume_token_quota_failed: [
    403,
    "token quota is not enough, token remain quota: 1, need quota: 100",
  ],
  insufficient_user_quota: [403, "用户额度不足, 剩余额度: ＄0.000000"],
  channel_pinned: [403, "普通用户不支持指定渠道", ""],
  relayed_no_route: [404, "Invalid URL (POST {path})", "", "invalid_request_error"],
  relayed_unauthorized: [
    401,
    "Incorrect API key provided",
    "invalid_api_key",
    "invalid_request_error",
  ],
  no_async_endpoint: [404, "openai_error", "bad_response_status_code", "bad_response_status_code"],
};

/** The answer, OpenAI-shaped with `param: ""` (controller/relay.go:88-106); `path` is the request's. */
export function finalErrorReply(error: FinalError, requestId: string, path = ""): Reply {
  const [status, message, code = error.code, type] = ANSWERS[error.code];
  const text = message.replace("{path}", path);
  // A relayed answer is the upstream's envelope: no request id, not `new_api_error`.
  return type === undefined || error.code === "task_id_empty"
    ? relayError(status, code, text, requestId, type)
    : openaiError(status, text, type, code, "");
}

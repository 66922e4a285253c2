import type { FeedgateErrorKind } from "@feedgate/core";
import { TASK_ID_EMPTY } from "./codes.js";
import type { CallInit } from "./request.js";

/**
 * What a caller needs to know beyond the gateway's own message, for the answers whose message
 * alone misleads (appended to the error's message; empty for every other answer). `code` and
 * `kind` are the error's (`async_unsupported` for a relayed 404/405 on an async submit).
 */
export function explain(
  id: string,
  status: number,
  code: string,
  message: string,
  init: CallInit,
  taskId: string | undefined,
  kind: FeedgateErrorKind,
): string {
  const model = (init.body as { model?: unknown } | undefined)?.model;
  if (code === "convert_request_failed")
    return /Response$/.test(id)
      ? " (the Responses route is not available for this model: it is served only by non-OpenAI channels, whose requests the gateway cannot convert; final)"
      : " (the gateway cannot convert this request for the model's channel; final)";
  if (TASK_ID_EMPTY.test(message))
    return " (the upstream answered the images instead of a task: it may already have generated, and billed, them; do not submit again)";
  if (code === "async_unsupported")
    return " (relayed from the model's channel, which has no async image endpoint; nothing was billed: generate synchronously)";
  if (kind === "unavailable" && (status === 401 || status === 403))
    return " (relayed from the model's upstream channel: the operator's credential there was refused, not your key)";
  if (status === 401)
    return " (the gateway answers this for a key that is wrong, disabled, expired, or out of its own quota)";
  if (status === 404 && /^Invalid URL \(/.test(message))
    return " (relayed from the model's upstream channel, which lacks this route: other models may work)";
  if (status !== 403) return "";
  if (/指定渠道/.test(message))
    return ' (the gateway reads the part of the key after a "-" as a channel to pin, which only admins may do: use the key without it)';
  if (taskId !== undefined)
    return ` (task ${taskId} was submitted and may be billed; this key may not poll it: poll the task with another key of the same user to resume)`;
  if (id === "compactResponse" && typeof model === "string")
    return ` (the gateway checks compact calls against the model ${model}-openai-compact: the key's model list must include it)`;
  return "";
}

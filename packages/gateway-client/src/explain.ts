import type { CallInit } from "./call.js";

/**
 * What a caller needs to know beyond the gateway's own message, for the answers whose message
 * alone misleads (appended to the error's message; empty for every other answer).
 */
export function explain(
  operationId: string,
  status: number,
  code: string,
  message: string,
  init: CallInit,
  taskId: string | undefined,
): string {
  const model = (init.body as { model?: unknown } | undefined)?.model;
  return code === "convert_request_failed"
    ? /Response$/.test(operationId)
      ? " (the Responses route is not available for this model: it is served only by non-OpenAI channels, whose requests the gateway cannot convert; final)"
      : " (the gateway cannot convert this request for the model's channel; final)"
    : /task_id is empty/.test(message)
      ? " (the upstream answered the images instead of a task: it may already have generated, and billed, them; do not submit again)"
      : status !== 403
        ? ""
        : taskId !== undefined
          ? ` (task ${taskId} was submitted and may be billed; this key may not poll it: poll the task with another key of the same user to resume)`
          : operationId === "compactResponse" && typeof model === "string"
            ? ` (the gateway checks compact calls against the model ${model}-openai-compact: the key's model list must include it)`
            : "";
}

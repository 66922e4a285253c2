import type { CallInit } from "./context.js";

/**
 * What a caller needs to know beyond the gateway's own message, for the answers whose message
 * alone misleads (appended to the error's message; empty for every other answer).
 */
export function explain(operationId: string, status: number, code: string, message: string, init: CallInit, taskId: string | undefined): string {
  if (code === "convert_request_failed") {
    return operationId === "createResponse" || operationId === "compactResponse"
      ? " (the Responses route is not available for this model: it is served only by non-OpenAI channels, whose requests the gateway cannot convert; use the model's own route, e.g. generateContent, or a model an OpenAI-type channel serves. Not retried: it cannot succeed)"
      : " (the gateway cannot convert this request for the channel that serves the model. Not retried: it cannot succeed)";
  }
  if (/task_id is empty/.test(message)) {
    return " (the upstream answered the finished images instead of a task: it may already have generated, and billed, them; do not submit again. Not retried)";
  }
  if (status === 403 && taskId !== undefined) {
    return ` (task ${taskId} was submitted and may already be billed; this key cannot poll it, e.g. because it is restricted to certain models: poll the task with another key of the same user to resume)`;
  }
  const model = (init.body as { model?: unknown } | undefined)?.model;
  if (status === 403 && operationId === "compactResponse" && typeof model === "string") {
    return ` (the gateway checks compact calls against the model ${model}-openai-compact: the key's model list must include it)`;
  }
  return "";
}

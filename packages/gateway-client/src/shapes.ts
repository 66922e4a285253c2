import { isObject } from "./envelope.js";

const isString = (v: unknown) => typeof v === "string";
const isCount = (v: unknown) => typeof v === "number" && Number.isFinite(v);
const isTask = (v: Record<string, unknown>) =>
  isString(v["status"]) && (isString(v["task_id"]) || isString(v["id"]));

/**
 * The least a 2xx body must be for each operation's helpers to work on it: checked so a wrong
 * answer becomes an `invalid_response` error at the call, never a TypeError later. Deliberately
 * loose (the objects are open to new fields): only what the helpers and callers rely on.
 */
const SHAPES: Record<string, (body: Record<string, unknown>) => boolean> = {
  createResponse: (b) => isString(b["id"]),
  retrieveResponse: (b) => isString(b["id"]),
  cancelResponse: (b) => isString(b["id"]),
  countResponseInputTokens: (b) => isCount(b["input_tokens"]),
  compactResponse: (b) => b["output"] === undefined || Array.isArray(b["output"]),
  createImage: (b) => Array.isArray(b["data"]) || isTask(b),
  getImageTask: isTask,
  countMessageTokens: (b) => isCount(b["input_tokens"]),
  generateContent: (b) => b["candidates"] === undefined || Array.isArray(b["candidates"]),
};

/** What is wrong with a 2xx body of `operationId`, or undefined when it has the operation's shape. */
export function shapeProblem(operationId: string, body: unknown): string | undefined {
  if (!isObject(body))
    return `expected a JSON object, got ${body === null ? "null" : Array.isArray(body) ? "an array" : typeof body}`;
  const check = SHAPES[operationId];
  return check === undefined || check(body)
    ? undefined
    : "a JSON object without the fields this operation answers";
}

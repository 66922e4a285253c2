import { fromRoot, loadSpec, type SpecValidator } from "@feedgate/test-harness";
import { expect } from "vitest";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body when the content type is JSON. */
  json: unknown;
}

let feedSpec: SpecValidator | undefined;
let gatewaySpec: SpecValidator | undefined;
export const feedSpecValidator = () =>
  (feedSpec ??= loadSpec(fromRoot("specs/feed/dist/openapi-v1.json")));
export const gatewaySpecValidator = () =>
  (gatewaySpec ??= loadSpec(fromRoot("specs/gateway/dist/openapi.json")));

function declares(
  spec: SpecValidator,
  operationId: string,
  status: number,
  mediaType: string,
): boolean {
  try {
    const response = spec.responseOf(operationId, status);
    const content = response["content"] as Record<string, unknown> | undefined;
    return Boolean(content?.[mediaType]);
  } catch {
    return false;
  }
}

/** Counts the bodies validated, so a suite can prove it checked something. */
export const validated = { feed: 0, gateway: 0 };

/**
 * Validates a JSON body against the operation's declared response for its status and media
 * type. Statuses the spec does not declare (fault-only ones such as 500 on the feed) are skipped.
 */
export function expectConforms(
  kind: "feed" | "gateway",
  operationId: string,
  answer: Answer,
): void {
  if (answer.json === undefined) return;
  const spec = kind === "feed" ? feedSpecValidator() : gatewaySpecValidator();
  const mediaType = (answer.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (!declares(spec, operationId, answer.status, mediaType)) return;
  const result = spec.validateResponse(operationId, answer.status, answer.json, mediaType);
  expect(
    result.valid,
    `${operationId} ${answer.status} ${mediaType}:\n${result.text}\n${answer.text.slice(0, 500)}`,
  ).toBe(true);
  validated[kind] += 1;
}

export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: "manual", ...init });
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  let json: unknown;
  if (/json/.test(type) && text !== "") json = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, json };
}

/** GET a feed path, and validate the JSON body against `operationId`. */
export async function feedGet(
  base: string,
  path: string,
  operationId: string | undefined,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const answer = await send(base + path, { headers });
  if (operationId) expectConforms("feed", operationId, answer);
  return answer;
}

/** Reads the whole body, returning the error if reading fails (truncated bodies, resets). */
export async function readFully(
  url: string,
  init: RequestInit = {},
): Promise<{ status?: number; error?: unknown; text?: string }> {
  try {
    const response = await fetch(url, init);
    try {
      return { status: response.status, text: await response.text() };
    } catch (error) {
      return { status: response.status, error };
    }
  } catch (error) {
    return { error };
  }
}

export function asRecord(value: unknown): Record<string, unknown> {
  expect(value).toBeTypeOf("object");
  return value as Record<string, unknown>;
}

/** Closing `fake` with `response`'s body still open ends the read at once, as a failure. */
export async function expectClosesPromptly(fake: { close(): Promise<void> }, response: Response) {
  const reading = response.text().then(
    () => "ended",
    () => "failed",
  );
  const start = performance.now();
  await fake.close();
  expect(await reading).toBe("failed");
  expect(performance.now() - start).toBeLessThan(1000);
}

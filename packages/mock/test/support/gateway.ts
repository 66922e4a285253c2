import { expect } from "vitest";
import type { GatewayFake, GatewayFakeOptions } from "../../src/index.js";

/**
 * The fake with every operation routed and every model served: for tests of the fake's mechanics
 * (streams, tasks, faults, shapes) that use placeholder models, the operations the source lacks and
 * fields only pass-through forwards (`background`).
 */
export const ROUTE_ALL: GatewayFakeOptions = { models: "any", unrouted: [], passThrough: true };

import { type Answer, expectConforms, gatewaySpecValidator, send, validated } from "./http.js";

/** The credential headers @feedgate/gateway-client sends on a path. */
export function credentialFor(path: string, key: string): Record<string, string> {
  if (path.startsWith("/v1/messages"))
    return { "x-api-key": key, "anthropic-version": "2023-06-01" };
  if (path.startsWith("/v1beta/")) return { "x-goog-api-key": key };
  return { authorization: `Bearer ${key}` };
}

/** Sends `route` ("POST /v1/responses") with the right credential and validates the JSON answer against `operationId`. */
export async function call(
  fake: GatewayFake,
  route: string,
  operationId: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const [method, path] = route.split(" ") as [string, string];
  const init: RequestInit = {
    method,
    headers: {
      ...credentialFor(path, fake.apiKey),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  };
  const answer = await send(fake.url + path, init);
  expectConforms("gateway", operationId, answer);
  expect(answer.headers.get("x-oneapi-request-id")).toBeTruthy();
  return answer;
}

/** Starts a streamed `POST /v1/responses` (input "x" unless given) and answers its Response. */
export function streamResponse(
  fake: GatewayFake,
  init: { input?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${fake.url}/v1/responses`, {
    method: "POST",
    headers: { ...credentialFor("/v1/responses", fake.apiKey), "content-type": "application/json" },
    body: JSON.stringify({ model: "m", input: init.input ?? "x", stream: true }),
    ...(init.signal && { signal: init.signal }),
  });
}

/** Splits an SSE body into frames: the event name (if any) and the parsed data. */
export function sseEvents(text: string): Array<{ event?: string; data: unknown }> {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
      const data = lines
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      return { ...(event !== undefined ? { event } : {}), data: JSON.parse(data) as unknown };
    });
}

/** Validates every data payload of a stream against a schema of the bundle. */
export function expectStreamConforms(pointer: string, frames: Array<{ data: unknown }>): void {
  for (const frame of frames) {
    const result = gatewaySpecValidator().validatePointer(pointer, frame.data);
    expect(
      result.valid,
      `${pointer}: ${result.text}\n${JSON.stringify(frame.data).slice(0, 400)}`,
    ).toBe(true);
    validated.gateway += 1;
  }
}

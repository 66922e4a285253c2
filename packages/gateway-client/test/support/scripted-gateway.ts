// A gateway client whose fetch answers from a script: the gateway-source tests write each
// answer exactly as the gateway's code sends it, and read back what the client sent.
import { expect } from "vitest";
import { createGatewayClient, type GatewayClientOptions } from "../../src/index.js";

export const KEY = "sk-gw-source-7f3a9c2e1b";
export const JSON_HEADERS = { "content-type": "application/json" };
export const SSE_HEADERS = { "content-type": "text/event-stream" };

/** Retries are off unless a test asks for them: these tests are about what one answer becomes. */
export function scriptedGateway(
  answer: (request: Request) => Response | Promise<Response>,
  options: Omit<GatewayClientOptions, "fetch"> = {},
) {
  const requests: Request[] = [];
  const make = () =>
    createGatewayClient({
      baseUrl: "https://gateway.example",
      apiKey: KEY,
      maxRetries: 0,
      ...options,
      fetch: async (request: Request) => {
        requests.push(request);
        return answer(request);
      },
    });
  return { client: make(), make, requests };
}

/** A client that answers every request with one status, body and headers. */
export const answering = (
  status: number,
  body: string | null,
  headers: Record<string, string> = JSON_HEADERS,
) => scriptedGateway(() => new Response(body, { status, headers }));

/** The error a call fails with (the test fails if it succeeds). */
export const fail = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable("should have thrown"),
    (e: unknown) => e as Error & Record<string, unknown>,
  );

/** Every event of a stream. */
export async function drain(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  for await (const event of stream) seen.push(event);
  return seen;
}

/** The gateway's error envelope, as its code writes it. */
export const envelope = (message: string, code: string | number, type = "new_api_error") =>
  JSON.stringify({ error: { message, type, param: "", code } });

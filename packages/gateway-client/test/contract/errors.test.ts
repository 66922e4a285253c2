import { describe, expect, it } from "vitest";
import {
  errorClassOf,
  type FeedgateError,
  type FeedgateErrorKind,
  isFeedgateError,
  isTransientError,
} from "../../src/index.js";
import { CALLS } from "../support/operations.js";
import { CONTRACT_KEY, expectedRequestId, prismClient, spec } from "../support/prism-client.js";
import { expectNoSecret } from "../support/secrets.js";

type Json = Record<string, unknown>;

/**
 * The envelope and code each error example of the document carries, keyed by the shared
 * response's name (and the example's name when it has several). Written out by hand, so a
 * changed example or a changed classification in the client fails here.
 */
const EXPECTED: Record<string, [envelope: string, code: string]> = {
  // The distributor's 400 for a body without model: code "", the type stands in.
  "OpenAIBadRequest:missingModel": ["openai", "new_api_error"],
  "OpenAIBadRequest:unsupportedParameter": ["openai", "unsupported_parameter"],
  "OpenAIBadRequest:belowMinimum": ["openai", "integer_below_min_value"],
  // The middleware sends an empty `code`: its `type` is the best machine-readable value.
  OpenAIUnauthorized: ["openai", "new_api_error"],
  "OpenAIForbidden:insufficientUserQuota": ["openai", "insufficient_user_quota"],
  "OpenAIForbidden:tokenQuotaShort": ["openai", "pre_consume_token_quota_failed"],
  "OpenAIForbidden:upstreamQuota": ["openai", "insufficient_quota"],
  // The limiter's `code: ""`: the type stands in.
  "OpenAITooManyRequests:gatewayModelLimit": ["openai", "new_api_error"],
  "OpenAITooManyRequests:upstreamQuota": ["openai", "insufficient_quota"],
  "OpenAIServerError:invalidRequest": ["openai", "invalid_request"],
  "OpenAIServerError:convertRequestFailed": ["openai", "convert_request_failed"],
  "OpenAIServerError:serverFailure": ["openai", "do_request_failed"],
  OpenAIServiceUnavailable: ["openai", "model_not_found"],
  // `code: null`: the type stands in.
  "OpenAINotFound:notFound": ["openai", "invalid_request_error"],
  "OpenAINotFound:notRouted": ["openai", "invalid_request_error"],
  "ImageBadRequest:unknownParameter": ["openai", "unknown_parameter"],
  "ImageBadRequest:upstreamSubmitFailed": ["openai", "bad_response_status_code"],
  "ImageTooManyRequests:taskUpstreamSaturated": ["task", "bad_response_status_code"],
  "ImageTooManyRequests:gatewayModelLimit": ["openai", "new_api_error"],
  "ImageServerError:invalidRequest": ["openai", "invalid_request"],
  "ImageServerError:taskFetchFailed": ["task", "fetch_task_failed"],
  "ImageServerError:relayFailed": ["openai", "bad_response_body"],
  "ImageServerError:taskIdEmpty": ["openai", "bad_response_status_code"],
  ImageServiceUnavailable: ["openai", "model_not_found"],
  ImageTaskNotFound: ["task", "task_not_exist"],
  AnthropicBadRequest: ["anthropic", "invalid_request_error"],
  AnthropicUnauthorized: ["openai", "new_api_error"],
  AnthropicForbidden: ["openai", "insufficient_user_quota"],
  "AnthropicNotFound:modelNotFound": ["anthropic", "not_found_error"],
  "AnthropicNotFound:notRouted": ["openai", "invalid_request_error"],
  "AnthropicTooManyRequests:upstreamRateLimit": ["anthropic", "rate_limit_error"],
  "AnthropicTooManyRequests:gatewayModelLimit": ["openai", "new_api_error"],
  // Claude-shaped validation failure: no code, so it cannot be told from other gateway errors.
  "AnthropicServerError:invalidRequest": ["anthropic", "new_api_error"],
  "AnthropicServerError:serverFailure": ["anthropic", "api_error"],
  AnthropicServiceUnavailable: ["openai", "model_not_found"],
  "GeminiBadRequest:invalidArgument": ["google", "INVALID_ARGUMENT"],
  // Relayed upstream errors keep the upstream's numeric code.
  "GeminiBadRequest:gatewayRelay": ["openai", "400"],
  GeminiUnauthorized: ["openai", "new_api_error"],
  "GeminiForbidden:insufficientUserQuota": ["openai", "insufficient_user_quota"],
  "GeminiForbidden:permissionDenied": ["google", "PERMISSION_DENIED"],
  GeminiNotFound: ["google", "NOT_FOUND"],
  GeminiPayloadTooLarge: ["openai", "read_request_body_failed"],
  "GeminiTooManyRequests:resourceExhausted": ["google", "RESOURCE_EXHAUSTED"],
  "GeminiTooManyRequests:gatewayModelLimit": ["openai", "new_api_error"],
  "GeminiServerError:invalidRequest": ["openai", "invalid_request"],
  "GeminiServerError:serverFailure": ["openai", "500"],
  "GeminiServerError:googleEnvelope": ["google", "INTERNAL"],
  "GeminiServiceUnavailable:noChannel": ["openai", "model_not_found"],
  "GeminiServiceUnavailable:overloaded": ["google", "UNAVAILABLE"],
};

/**
 * Answers the client reads as "this gateway does not serve the operation": the NoRoute 404
 * naming the very request sent (the count_tokens example names `POST /v1/messages/count_tokens`;
 * the Responses one names `GET /v1/responses/resp_abc`, which no call here asks for).
 */
const UNSUPPORTED = new Set(["countMessageTokens:404:notRouted"]);

/** The kind each failure status gets when no code decides otherwise (core's kindOfStatus), written out by hand. */
const KIND_OF_STATUS: Record<number, FeedgateErrorKind> = {
  400: "invalid_request",
  401: "authentication",
  403: "permission_denied",
  404: "not_found",
  413: "http",
  429: "rate_limited",
  500: "server",
  503: "unavailable",
};

/** The kind each answer must get, besides the envelope and code. */
function expectedKind(
  operationId: string,
  status: number,
  example: string | undefined,
  code: string,
): FeedgateErrorKind {
  if (UNSUPPORTED.has(`${operationId}:${status}:${example}`)) return "unsupported";
  if (code === "task_not_exist") return "not_found";
  if (
    ["invalid_request", "convert_request_failed", "sensitive_words_detected"].includes(code) ||
    (code === "invalid_request_error" && status !== 404)
  )
    return "invalid_request";
  // A relayed 401/403 (not the gateway's own `new_api_error`) is the operator's channel (M3).
  if (
    (status === 401 || status === 403) &&
    example !== undefined &&
    /upstream|permissionDenied/.test(example)
  )
    return "unavailable";
  // A quota 429 is rate_limited too, keeping its code; isTransientError says waiting does not cure it.
  return KIND_OF_STATUS[status]!;
}

interface Case {
  name: string;
  status: number;
  component: string;
  example: string | undefined;
}

const cases: Case[] = Object.entries(CALLS).flatMap(([name, call]) => {
  const { operation } = spec.operations().find((o) => o.operationId === call.operationId)!;
  return Object.entries(operation["responses"] as Record<string, { $ref?: string }>)
    .filter(([status]) => Number(status) >= 400)
    .flatMap(([status, ref]) => {
      const component = ref.$ref?.split("/").at(-1) ?? `${call.operationId}:${status}`;
      const content = (
        spec.responseOf(call.operationId, status)["content"] as Record<string, Json>
      )["application/json"]!;
      const examples = Object.keys((content["examples"] as Json | undefined) ?? {});
      return (examples.length > 0 ? examples : [undefined]).map((example) => ({
        name,
        status: Number(status),
        component,
        example,
      }));
    });
});

async function failure(
  name: string,
  prefer: string,
): Promise<{ error: FeedgateError; prism: ReturnType<typeof prismClient> }> {
  const prism = prismClient(prefer);
  const thrown = await CALLS[name]!.run(prism.client).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isFeedgateError(thrown), `${name} should throw a FeedgateError`).toBe(true);
  return { error: thrown as FeedgateError, prism };
}

describe("the document declares the failures the gateway sends", () => {
  const statusesOf = (operationId: string) =>
    Object.keys(
      spec.operations().find((o) => o.operationId === operationId)!.operation[
        "responses"
      ] as object,
    ).map(Number);

  it("middleware rejections on every operation, 404 where the operation may be missing, 400 for unknown tasks", () => {
    for (const { operationId } of spec.operations())
      expect(statusesOf(operationId)).toEqual(expect.arrayContaining([401, 403, 429, 500]));
    for (const id of [
      "retrieveResponse",
      "deleteResponse",
      "cancelResponse",
      "countResponseInputTokens",
      "countMessageTokens",
    ]) {
      expect(statusesOf(id)).toContain(404);
    }
    expect(statusesOf("getImageTask")).toContain(400);
    for (const id of [
      "createResponse",
      "createImage",
      "countMessageTokens",
      "generateContent",
      "streamGenerateContent",
    ]) {
      expect(statusesOf(id)).toContain(503);
    }
    // Only the Gemini routes answer 413; the JSON routes refuse an oversized body with 400 (issue 20).
    for (const { operationId } of spec.operations()) {
      expect(statusesOf(operationId).includes(413), operationId).toBe(
        operationId === "generateContent" || operationId === "streamGenerateContent",
      );
    }
  });

  it("has an expectation for every error example", () => {
    const keys = new Set(
      cases.map((c) => (c.example ? `${c.component}:${c.example}` : c.component)),
    );
    expect([...keys].sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe("every declared error status of every operation becomes the right class of the FeedgateError family", () => {
  for (const { name, status, component, example } of cases) {
    const label = example ? `${component} (${example})` : component;
    it(`${name}: ${status} ${label}`, async () => {
      const { error, prism } = await failure(
        name,
        example ? `code=${status}, example=${example}` : `code=${status}`,
      );
      const exchange = prism.last();
      expect(exchange.responseHeaders.get("sl-violations")).toBeNull();
      expect(exchange.status).toBe(status);
      const body = JSON.parse(await exchange.responseBody()) as unknown;
      expect(spec.validateResponse(CALLS[name]!.operationId, status, body).text).toBe("");

      const [envelope, code] = EXPECTED[example ? `${component}:${example}` : component]!;
      const kind = expectedKind(CALLS[name]!.operationId, status, example, code);
      const unsupported = kind === "unsupported";
      expect(error).toBeInstanceOf(errorClassOf(kind));
      expect(error).toMatchObject({
        name: errorClassOf(kind).name,
        kind,
        status,
        code: unsupported ? "unsupported_by_gateway" : code,
        attempts: 1,
      });
      expect(error.envelope).toEqual({ ...(body as object), kind: envelope });
      if (code.includes("quota")) expect(isTransientError(error)).toBe(false);

      const requestId = expectedRequestId(exchange.responseHeaders);
      expect(requestId).toMatch(/\S{6,}/);
      expect(error.requestId).toBe(requestId);
      // A field, never part of the message (the gateway's own "(request id: …)" is taken out).
      expect(error.message).not.toContain(requestId!);
      expect(error.message).not.toMatch(/request id/);
      expect(error.message).toContain(String(status));
      expectNoSecret(error, CONTRACT_KEY);
    });
  }
});

describe("not found, or not served here", () => {
  const thrownBy = (work: Promise<unknown>) =>
    work.then(
      () => expect.unreachable("should have thrown"),
      (e: unknown) => e as FeedgateError,
    );

  it("a 404 naming the response asked for is a plain not-found error", async () => {
    const { error } = await failure("retrieveResponse", "code=404, example=notFound");
    expect(error).toMatchObject({
      name: "NotFoundError",
      kind: "not_found",
      status: 404,
      code: "invalid_request_error",
    });
    expect(error.message).toMatch(/not found/);
  });

  it("the NoRoute 404 of the facts file, for the very request sent, is unsupported although it names the id", async () => {
    const prism = prismClient("code=404, example=notRouted");
    const error = await thrownBy(prism.client.responses.retrieve("resp_abc"));
    expect(await prism.last().responseBody()).toBe(
      '{"error":{"message":"Invalid URL (GET /v1/responses/resp_abc)","type":"invalid_request_error","param":"","code":""}}',
    );
    expect(error).toMatchObject({
      name: "UnsupportedError",
      kind: "unsupported",
      status: 404,
      code: "unsupported_by_gateway",
    });
    expect(error.message).toMatch(/^retrieveResponse is not supported by this gateway \(HTTP 404/);
    // The envelope stays available for whoever needs the details.
    expect(error.envelope).toMatchObject({
      kind: "openai",
      error: { type: "invalid_request_error" },
    });
  });

  it("the same NoRoute body for another request is not mistaken for this one's", async () => {
    const error = await thrownBy(
      prismClient("code=404, example=notRouted").client.responses.retrieve("resp_other"),
    );
    expect(error).toMatchObject({ name: "NotFoundError", kind: "not_found", status: 404 });
  });

  it("an Anthropic-format 404 came from an upstream, so the route exists", async () => {
    const { error } = await failure("countMessageTokens", "code=404, example=modelNotFound");
    expect(error).toMatchObject({
      kind: "not_found",
      code: "not_found_error",
      envelope: { kind: "anthropic" },
    });
  });

  it("500 invalid_request is a final request error on every operation that declares it", async () => {
    for (const [name, call] of Object.entries(CALLS)) {
      const content = (spec.responseOf(call.operationId, "500")["content"] as Record<string, Json>)[
        "application/json"
      ]!;
      if (!Object.keys((content["examples"] as Json | undefined) ?? {}).includes("invalidRequest"))
        continue;
      const { error } = await failure(name, "code=500, example=invalidRequest");
      expect(error.status, name).toBe(500);
      if (call.operationId !== "countMessageTokens")
        expect(error, name).toMatchObject({
          name: "InvalidRequestError",
          kind: "invalid_request",
          code: "invalid_request",
        });
    }
  });
});

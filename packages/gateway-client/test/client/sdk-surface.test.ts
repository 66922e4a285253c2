// Issue 13: the client sits on @feedgate/core — one error family, retries and timeouts by
// default, environment defaults, response metadata on every helper.
import * as core from "@feedgate/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as gateway from "../../src/index.js";
import { createGatewayClient, RateLimitError, TimeoutError } from "../../src/index.js";
import { MINIMAL_RESPONSE } from "../support/operations.js";

const KEY = "sk-sdk-surface-0123456789";
const JSON_HEADERS = { "content-type": "application/json" };
const RESPONSE = MINIMAL_RESPONSE;

/** A fetch answering each request with the next of `answers` (the last one repeats), counting requests. */
function scripted(...answers: Array<() => Response>) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return answers[Math.min(requests.length, answers.length) - 1]!();
  };
  return { requests, fetch };
}
const busy = () =>
  new Response('{"error":{"message":"slow down","type":"new_api_error","code":""}}', {
    status: 429,
    headers: { ...JSON_HEADERS, "retry-after": "0" },
  });
const ok = () =>
  new Response(JSON.stringify(RESPONSE), {
    headers: { ...JSON_HEADERS, "x-oneapi-request-id": "rid-ok", etag: '"v1"' },
  });

describe("one error family: the same class objects as @feedgate/core", () => {
  it("re-exports every class and helper of core's family as the very same objects", () => {
    for (const name of [
      "FeedgateError",
      "ConfigError",
      "InvalidRequestError",
      "AuthenticationError",
      "PermissionDeniedError",
      "NotFoundError",
      "ConflictError",
      "RateLimitError",
      "ServerError",
      "ConnectionError",
      "TimeoutError",
      "AbortError",
      "StreamError",
      "UnsupportedError",
      "InvalidResponseError",
      "TaskFailedError",
      "LimitExceededError",
      "createError",
      "errorClassOf",
      "isFeedgateError",
      "isTransientError",
      "kindOfStatus",
      "invalidArgument",
      "configError",
    ] as const) {
      expect(gateway[name], name).toBe(core[name]);
    }
    // The 0.1.0 names, deprecated for the 0.2 minor, are gone (0.3: the CHANGELOG's migration table).
    for (const name of ["GatewayError", "isGatewayError", "buildImageRequest", "imagesApi"])
      expect(name in gateway, name).toBe(false);
  });
});

describe("retries by default, per client and per call", () => {
  it("a 429 on a read is retried (twice by default) and then succeeds", async () => {
    const { requests, fetch } = scripted(busy, busy, ok);
    const client = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY, fetch });
    const { data, meta } = await client.responses.retrieve("resp_1").withResponse();
    expect(data.id).toBe("resp_1");
    expect(requests).toHaveLength(3);
    expect(meta).toMatchObject({ status: 200, attempts: 3, requestId: "rid-ok", etag: '"v1"' });
  });

  it("maxRetries: 0 per call turns them off; the client's maxRetries applies otherwise", async () => {
    const { requests, fetch } = scripted(busy);
    const client = createGatewayClient({
      baseUrl: "https://gateway.example",
      apiKey: KEY,
      fetch,
      maxRetries: 1,
    });
    const once = await client.responses
      .retrieve("resp_1", { maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(once).toBeInstanceOf(RateLimitError);
    expect(once).toMatchObject({ attempts: 1, retryAfterMs: 0, code: "new_api_error" });
    expect(requests).toHaveLength(1);
    const twice = await client.responses.retrieve("resp_1").catch((e: unknown) => e);
    expect(twice).toMatchObject({ name: "RateLimitError", attempts: 2 });
    expect(requests).toHaveLength(3);
  });

  it("a quota 429 is a RateLimitError that is not retried and not transient", async () => {
    const quota = () =>
      new Response(
        '{"error":{"message":"no credit","type":"insufficient_quota","code":"insufficient_quota"}}',
        { status: 429, headers: JSON_HEADERS },
      );
    const { requests, fetch } = scripted(quota);
    const error = await createGatewayClient({
      baseUrl: "https://gateway.example",
      apiKey: KEY,
      fetch,
    })
      .responses.create({ model: "m", input: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ kind: "rate_limited", code: "insufficient_quota" });
    expect(gateway.isTransientError(error)).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it("timeoutMs per call ends a silent answer with a TimeoutError", async () => {
    const fetch = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener("abort", () => reject(request.signal.reason)),
      );
    const client = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY, fetch });
    const error = await client.responses
      .retrieve("resp_1", { timeoutMs: 50, maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ kind: "timeout", code: "attempt_timeout" });
  });

  it("a transport made with createResilientFetch is used as it is (its own retry settings)", async () => {
    const { requests, fetch } = scripted(busy);
    const resilient = core.createResilientFetch({ fetch, maxRetries: 0 });
    const error = await createGatewayClient({
      baseUrl: "https://gateway.example",
      apiKey: KEY,
      fetch: resilient,
      maxRetries: 5,
    })
      .responses.create({ model: "m", input: "x" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "RateLimitError", attempts: 1 });
    expect(requests).toHaveLength(1);
  });
});

describe("environment defaults", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("createGatewayClient() with no argument reads FEEDGATE_GATEWAY_URL and FEEDGATE_API_KEY", async () => {
    vi.stubEnv("FEEDGATE_GATEWAY_URL", "https://env-gateway.example/prefix");
    vi.stubEnv("FEEDGATE_API_KEY", KEY);
    const seen: Request[] = [];
    const client = createGatewayClient({ fetch: async (r) => (seen.push(r), ok()) });
    await client.responses.retrieve("resp_1");
    expect(seen[0]!.url).toBe("https://env-gateway.example/prefix/v1/responses/resp_1");
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(() => createGatewayClient()).not.toThrow();
  });

  it("options win over the environment", async () => {
    vi.stubEnv("FEEDGATE_GATEWAY_URL", "https://env-gateway.example");
    vi.stubEnv("FEEDGATE_API_KEY", "sk-from-the-env-0000");
    const seen: Request[] = [];
    await createGatewayClient({
      baseUrl: "https://opt.example",
      apiKey: KEY,
      fetch: async (r) => (seen.push(r), ok()),
    }).responses.retrieve("r");
    expect(new URL(seen[0]!.url).origin).toBe("https://opt.example");
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
  });

  it.each([
    ["FEEDGATE_GATEWAY_URL", "baseUrl", { FEEDGATE_API_KEY: KEY }],
    ["FEEDGATE_API_KEY", "apiKey", { FEEDGATE_GATEWAY_URL: "https://gateway.example" }],
  ])("a missing %s is a ConfigError naming the variable to set", (variable, option, present) => {
    vi.stubEnv("FEEDGATE_GATEWAY_URL", "");
    vi.stubEnv("FEEDGATE_API_KEY", "");
    for (const [name, value] of Object.entries(present)) vi.stubEnv(name, value);
    let error: unknown;
    try {
      createGatewayClient();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(gateway.ConfigError);
    expect(error).toMatchObject({ kind: "config", option });
    expect((error as Error).message).toContain(variable);
    expect((error as Error).message).not.toContain(KEY);
  });
});

describe("success metadata on every helper", () => {
  it("withResponse gives data, response and meta; awaiting gives the data", async () => {
    const { fetch } = scripted(ok);
    const client = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY, fetch });
    const call = client.responses.retrieve("resp_1");
    const { data, response, meta } = await call.withResponse();
    expect(await call).toEqual(RESPONSE);
    expect(data).toEqual(RESPONSE);
    expect(response.status).toBe(200);
    expect(meta).toMatchObject({ status: 200, requestId: "rid-ok", etag: '"v1"', attempts: 1 });
  });

  it("a mapped answer (submit, delete) keeps its response", async () => {
    const task = { task_id: "task_1", status: "queued" };
    const { fetch } = scripted(
      () =>
        new Response(JSON.stringify(task), {
          headers: { ...JSON_HEADERS, "x-request-id": "rid-task" },
        }),
    );
    const client = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY, fetch });
    const { data, meta } = await client.images.submit({ model: "m", prompt: "p" }).withResponse();
    expect(data).toEqual({ kind: "task", task });
    expect(meta.requestId).toBe("rid-task");
  });

  it("extraBody is merged into the JSON body, after the documented fields", async () => {
    const { requests, fetch } = scripted(ok);
    const client = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY, fetch });
    await client.responses.create({
      model: "m",
      input: "x",
      extraBody: { vendor_option: true, model: "m2" },
    });
    expect(JSON.parse(await requests[0]!.text())).toEqual({
      model: "m2",
      input: "x",
      vendor_option: true,
      stream: false,
    });
  });
});

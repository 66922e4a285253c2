import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { imageWorkflows } from "../../src/image-workflows.js";
import {
  ConfigError,
  createGatewayClient,
  InvalidResponseError,
  isFeedgateError,
} from "../../src/index.js";
import { rawClient } from "../../src/raw.js";
import { startScriptedServer } from "../support/scripted-server.js";

const KEY = "sk-feedgate-secret-0123456789";
const JSON_HEADERS = { "content-type": "application/json" };

/** A fetch that records requests and answers each with `answer(request)`. */
/** One 2xx body with the shape every operation used here checks (a response id, a token count, a task). */
const ANY_OK = JSON.stringify({
  id: "resp_1",
  object: "response",
  input_tokens: 1,
  task_id: "task_1",
  status: "queued",
});

function recordingFetch(
  answer: (r: Request) => Response = () => new Response(ANY_OK, { headers: JSON_HEADERS }),
) {
  const requests: Request[] = [];
  return {
    requests,
    fetch: async (r: Request) => {
      requests.push(r);
      return answer(r);
    },
  };
}

const CREDENTIALS = ["authorization", "x-api-key", "x-goog-api-key"];
const credentialsOf = (r: Request) => CREDENTIALS.filter((h) => r.headers.has(h));

/** What the client appends to the gateway's own 401 (M4). */
const OWN_401 =
  " (the gateway answers this for a key that is wrong, disabled, expired, or out of its own quota)";

describe("each route family gets exactly its own credential header", () => {
  const { requests, fetch } = recordingFetch();
  const gw = createGatewayClient({ baseUrl: "https://gateway.example/prefix", apiKey: KEY, fetch });

  it("bearer on Responses and Images", async () => {
    await gw.responses.create({ model: "m", input: "hi" });
    await imageWorkflows(gw).textToImage({ model: "Nano-Banana2", prompt: "a cat" });
    await gw.images.getTask("task_1");
    expect(requests).toHaveLength(3);
    for (const r of requests.splice(0)) {
      expect(credentialsOf(r)).toEqual(["authorization"]);
      expect(r.headers.get("authorization")).toBe(`Bearer ${KEY}`);
      expect(r.headers.has("anthropic-version")).toBe(false);
    }
  });

  it("x-api-key and anthropic-version on count_tokens", async () => {
    await gw.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "hi" }],
    });
    const [r] = requests.splice(0);
    expect(credentialsOf(r!)).toEqual(["x-api-key"]);
    expect(r!.headers.get("x-api-key")).toBe(KEY);
    expect(r!.headers.get("anthropic-version")).toBe("2023-06-01");
  });

  it("x-goog-api-key on the v1beta routes, never the key in the query", async () => {
    await gw.gemini.generateContent("gemini-2.5-flash", {
      contents: [{ parts: [{ text: "hi" }] }],
    });
    const [r] = requests.splice(0);
    expect(credentialsOf(r!)).toEqual(["x-goog-api-key"]);
    expect(r!.url).toBe(
      "https://gateway.example/prefix/v1beta/models/gemini-2.5-flash:generateContent",
    );
    expect(r!.url).not.toContain(KEY);
  });

  it("sends no cookies and an honest User-Agent", async () => {
    await gw.responses.create({ model: "m", input: "hi" });
    const [r] = requests.splice(0);
    expect(r!.credentials).toBe("omit");
    expect(r!.headers.get("user-agent")).toMatch(/^feedgate-gateway-client\/\d+\.\d+\.\d+/);
  });
});

describe("the key never leaves the gateway's origin", () => {
  let gateway: Awaited<ReturnType<typeof startScriptedServer>>;
  let elsewhere: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    gateway = await startScriptedServer();
    elsewhere = await startScriptedServer(); // another port: another origin
  });
  afterAll(async () => {
    await gateway.close();
    await elsewhere.close();
  });

  it("refuses a redirect to another origin, and that origin sees nothing", async () => {
    gateway.script({ status: 307, headers: { location: `${elsewhere.url}/v1/responses` } });
    const gw = createGatewayClient({ baseUrl: gateway.url, apiKey: KEY });
    const error = await gw.responses.create({ model: "m", input: "hi" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ kind: "redirect", code: "cross_origin_refused" });
    expect(elsewhere.requests).toHaveLength(0);
    expect(String((error as Error).message)).not.toContain(KEY);
  });

  it("follows a same-origin redirect with the key and the body", async () => {
    gateway.script({ status: 308, headers: { location: "/v1/responses?moved=1" } }, (req) => ({
      status: 200,
      headers: JSON_HEADERS,
      chunks: [
        JSON.stringify({
          id: "resp_1",
          object: "response",
          status: "completed",
          model: "m",
          output: [],
          echoed: req.body,
        }),
      ],
    }));
    const gw = createGatewayClient({ baseUrl: gateway.url, apiKey: KEY });
    const response = await gw.responses.create({ model: "m", input: "hi" });
    const second = gateway.requests.at(-1)!;
    expect(second.url).toBe("/v1/responses?moved=1");
    expect(second.headers["authorization"]).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(second.body)).toMatchObject({ model: "m", input: "hi", stream: false });
    expect(response).toMatchObject({ id: "resp_1" });
  });

  it("gives up after too many same-origin redirects", async () => {
    for (let i = 0; i < 7; i++)
      gateway.script({ status: 308, headers: { location: "/v1/responses" } });
    const gw = createGatewayClient({ baseUrl: gateway.url, apiKey: KEY, maxRedirects: 5 });
    await expect(gw.responses.create({ model: "m", input: "hi" })).rejects.toMatchObject({
      kind: "redirect",
      code: "too_many_redirects",
    });
  });
});

describe("errors never hold the key", () => {
  it("redacts a key the gateway echoes back, everywhere a caller can look", async () => {
    const { fetch } = recordingFetch(
      () =>
        new Response(
          JSON.stringify({
            error: {
              message: `invalid token ${KEY} (request id: 2026)`,
              type: "new_api_error",
              code: "",
            },
          }),
          {
            status: 401,
            headers: { ...JSON_HEADERS, "x-oneapi-request-id": "2026" },
          },
        ),
    );
    const gw = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY, fetch });
    const error = await gw.responses.create({ model: "m", input: "hi" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "AuthenticationError",
      kind: "authentication",
      status: 401,
      code: "new_api_error",
      requestId: "2026",
    });
    expect((error as Error).message).toBe(
      `createResponse failed: HTTP 401 new_api_error: invalid token [redacted]${OWN_401}`,
    );
    for (const view of [
      String(error),
      (error as Error).stack ?? "",
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
    ]) {
      expect(view).not.toContain(KEY);
      expect(view).not.toContain(KEY.slice(3));
    }
    expect(JSON.stringify(error)).toContain("[redacted]");
  });

  it("keeps the key off the client object itself", () => {
    const gw = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY });
    expect(JSON.stringify(Object.keys(gw))).not.toContain(KEY);
    expect(inspect(gw, { depth: 4 })).not.toContain(KEY);
  });
});

describe("configuration is checked before anything is sent", () => {
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it("refuses to run in a browser unless told to", () => {
    (globalThis as { document?: unknown }).document = {};
    expect(() => createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY })).toThrow(
      /dangerouslyAllowBrowser/,
    );
    expect(() =>
      createGatewayClient({
        baseUrl: "https://gateway.example",
        apiKey: KEY,
        dangerouslyAllowBrowser: true,
      }),
    ).not.toThrow();
  });

  it.each([
    [{ baseUrl: "", apiKey: KEY }, /baseUrl: required/, "baseUrl"],
    [{ baseUrl: "https://gateway.example/v1", apiKey: KEY }, /without \/v1/, "baseUrl"],
    [{ baseUrl: "https://gateway.example", apiKey: "" }, /apiKey: required/, "apiKey"],
    [
      { baseUrl: "https://gateway.example", apiKey: KEY, headers: { Authorization: "Bearer x" } },
      /credential header/,
      "headers",
    ],
  ])("rejects %j", (options, message, option) => {
    let error: unknown;
    try {
      createGatewayClient(options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(isFeedgateError(error, "config")).toBe(true);
    expect(error).toMatchObject({ code: "invalid_option", option });
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(KEY);
  });

  it("refuses a request aimed at another origin through the raw client", async () => {
    const { requests, fetch } = recordingFetch();
    const gw = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: KEY, fetch });
    await expect(
      rawClient(gw).GET("/v1/responses/{response_id}", {
        params: { path: { response_id: "r" } },
        baseUrl: "https://evil.example",
      }),
    ).rejects.toMatchObject({
      kind: "redirect",
      code: "cross_origin_refused",
    });
    expect(requests).toHaveLength(0);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, createFeedClient, isFeedgateError, VERSION } from "../../src/index.js";

/** A fetch that records each request and answers with a fixed JSON body. */
function recordingFetch(body: unknown = { items: [] }) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
  return { requests, fetch };
}

function expectConfigError(fn: () => unknown, option: string, message: RegExp) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect(isFeedgateError(err, "config")).toBe(true);
    expect((err as { option: string }).option).toBe(option);
    expect((err as Error).message).toMatch(message);
    return;
  }
  expect.fail("expected a ConfigError");
}

describe("createFeedClient", () => {
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it("sends an honest User-Agent by default", async () => {
    const { requests, fetch } = recordingFetch();
    await createFeedClient({ baseUrl: "https://feed.example", fetch }).GET("/api/v1/hot-topics");
    expect(requests[0]!.headers.get("user-agent")).toBe(`feedgate-feed-client/${VERSION}`);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("lets the caller set the User-Agent", async () => {
    const { requests, fetch } = recordingFetch();
    await createFeedClient({
      baseUrl: "https://feed.example",
      fetch,
      userAgent: "my-reader/1.0",
    }).GET("/api/v1/hot-topics");
    expect(requests[0]!.headers.get("user-agent")).toBe("my-reader/1.0");
  });

  it("does not set User-Agent in a browser, where the platform owns it", async () => {
    (globalThis as { document?: unknown }).document = {};
    const { requests, fetch } = recordingFetch();
    await createFeedClient({ baseUrl: "https://feed.example", fetch, userAgent: "x/1" }).GET(
      "/api/v1/hot-topics",
    );
    expect(requests[0]!.headers.has("user-agent")).toBe(false);
  });

  it("builds URLs under the base URL, keeping a deployment's path prefix", async () => {
    const { requests, fetch } = recordingFetch();
    const client = createFeedClient({ baseUrl: "https://feed.example/prefix/", fetch });
    await client.GET("/api/v1/items", { params: { query: { mode: "all", q: "gpt 5", limit: 5 } } });
    const url = new URL(requests[0]!.url);
    expect(url.origin + url.pathname).toBe("https://feed.example/prefix/api/v1/items");
    expect(url.searchParams.get("q")).toBe("gpt 5");
    expect(url.searchParams.get("limit")).toBe("5");
  });

  it("never sends cookies or credentials", async () => {
    const { requests, fetch } = recordingFetch();
    await createFeedClient({ baseUrl: "https://feed.example", fetch }).GET("/api/v1/hot-topics");
    expect(requests[0]!.credentials).toBe("omit");
    expect(requests[0]!.headers.has("authorization")).toBe(false);
  });

  it("refuses credential headers in the options, before any request", () => {
    expectConfigError(
      () =>
        createFeedClient({
          baseUrl: "https://feed.example",
          headers: { Authorization: "Bearer sk-secret" },
        }),
      "headers",
      /credential header "Authorization" refused/,
    );
  });

  it("refuses credential headers added per call, and sends nothing", async () => {
    const { requests, fetch } = recordingFetch();
    const client = createFeedClient({ baseUrl: "https://feed.example", fetch });
    await expect(
      client.GET("/api/v1/hot-topics", { headers: { "x-api-key": "sk-secret" } }),
    ).rejects.toThrow(/credential header "x-api-key" refused/);
    expect(requests).toHaveLength(0);
  });

  it("refuses credential headers added per call however given, and sends nothing", async () => {
    const { requests, fetch } = recordingFetch();
    const client = createFeedClient({ baseUrl: "https://feed.example", fetch });
    await expect(
      client.GET("/api/v1/hot-topics", {
        params: { header: { Authorization: "Bearer sk-secret" } } as never,
      }),
    ).rejects.toThrow(/credential header "authorization" refused/);
    await expect(
      client.request("get", "/api/v1/hot-topics", {
        headers: new Headers({ Cookie: "session=sk-secret" }),
      }),
    ).rejects.toThrow(/credential header "cookie" refused/);
    await expect(
      client
        .withOptions({ maxRetries: 0 })
        .GET("/api/v1/hot-topics", { headers: { "Api-Key": ["sk-secret"] } as never }),
    ).rejects.toThrow(/credential header "api-key" refused/);
    expect(requests).toHaveLength(0);
    // A header removed per call (`null`) is not sent, so nothing is refused.
    await client.GET("/api/v1/hot-topics", { headers: { "x-api-key": null } as never });
    expect(requests).toHaveLength(1);
  });

  it("refuses a credential header a middleware of the caller's adds, and sends nothing", async () => {
    const { requests, fetch } = recordingFetch();
    const client = createFeedClient({ baseUrl: "https://feed.example", fetch });
    client.use({
      onRequest({ request }) {
        request.headers.set("Authorization", "Bearer sk-secret");
        return request;
      },
    });
    await expect(client.GET("/api/v1/hot-topics")).rejects.toThrow(
      /credential header "authorization" refused/,
    );
    expect(requests).toHaveLength(0);
  });

  it("never echoes a refused credential's value", () => {
    try {
      createFeedClient({
        baseUrl: "https://feed.example",
        headers: { Cookie: "session=sk-very-secret" },
      });
    } catch (err) {
      expect(String(err)).not.toContain("sk-very-secret");
      return;
    }
    expect.fail("expected an error");
  });

  it.each([
    ["", /the feed service's origin/],
    ["feed.example", /not an absolute URL/],
    ["ftp://feed.example", /must be http\(s\)/],
    ["https://user:pw@feed.example", /must not carry credentials/],
    ["https://feed.example/?x=1", /query or fragment/],
    ["https://feed.example/api/v1", /without \/api\/v1/],
  ])("rejects the base URL %j", (baseUrl, message) => {
    expectConfigError(() => createFeedClient({ baseUrl }), "baseUrl", message);
  });
});

describe("defaults", () => {
  afterEach(() => {
    delete process.env.FEEDGATE_FEED_URL;
  });

  it("takes the base URL from FEEDGATE_FEED_URL, else the public service", async () => {
    const { requests, fetch } = recordingFetch();
    process.env.FEEDGATE_FEED_URL = "http://127.0.0.1:9/mirror";
    await createFeedClient({ fetch }).GET("/api/v1/hot-topics");
    delete process.env.FEEDGATE_FEED_URL;
    await createFeedClient({ fetch }).GET("/api/v1/hot-topics");
    expect(requests.map((r) => r.url)).toEqual([
      "http://127.0.0.1:9/mirror/api/v1/hot-topics",
      "https://aihot.virxact.com/api/v1/hot-topics",
    ]);
  });

  it("retries a 503 by default, and not at all with maxRetries 0 (per client or per call)", async () => {
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      return calls % 3 === 0
        ? new Response('{"items":[]}', {
            status: 200,
            headers: { "content-type": "application/json" },
          })
        : new Response('{"code":"temporarily_unavailable"}', {
            status: 503,
            headers: { "content-type": "application/problem+json", "retry-after": "0" },
          });
    };
    const client = createFeedClient({ baseUrl: "https://feed.example", fetch });
    const ok = await client.GET("/api/v1/hot-topics");
    expect(ok.response.status).toBe(200);
    expect(calls).toBe(3);
    const once = await client.withOptions({ maxRetries: 0 }).GET("/api/v1/hot-topics");
    expect(once.response.status).toBe(503);
    expect(calls).toBe(4);
    calls = 0;
    const off = await createFeedClient({
      baseUrl: "https://feed.example",
      fetch,
      maxRetries: 0,
    }).GET("/api/v1/hot-topics");
    expect(off.response.status).toBe(503);
    expect(calls).toBe(1);
  });

  it("a closed port rejects with a ConnectionError after the retries", async () => {
    const client = createFeedClient({
      baseUrl: "http://127.0.0.1:9",
      transport: { initialDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await client.GET("/api/v1/hot-topics").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ConnectionError", kind: "network", attempts: 3 });
  });
});

// The fakes' `replay` option on a hand-made HAR: matching (query order, JSON key order, the
// `key` parameter, repeated requests), a stream at its recorded pace, and drift named on load.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Har, HarContent, HarEntry } from "../../src/index.js";
import { type FeedFake, loadReplay, startFeedFake, startGatewayFake } from "../../src/index.js";

/** What a HAR message must have that the replay does not read. */
const HTTP = { httpVersion: "HTTP/1.1", headers: [], cookies: [], headersSize: -1, bodySize: -1 };

const entry = (
  method: string,
  url: string,
  status: number,
  text: string,
  extra: Partial<HarContent> = {},
  body?: string,
): HarEntry => ({
  startedDateTime: "2026-11-28T00:00:00.000Z",
  time: 0,
  request: {
    method,
    url,
    ...HTTP,
    queryString: [],
    ...(body === undefined ? {} : { postData: { mimeType: "application/json", text: body } }),
  },
  response: {
    status,
    statusText: "",
    ...HTTP,
    headers: [
      { name: "Content-Type", value: extra._chunks ? "text/event-stream" : "application/json" },
      { name: "ETag", value: 'W/"v1-a"' },
      { name: "Cache-Control", value: "public, max-age=60, s-maxage=60" },
    ],
    content: { size: text.length, mimeType: "application/json", text, ...extra },
    redirectURL: "",
  },
  cache: {},
  timings: { wait: 0, receive: 0 },
});

const har = (...entries: HarEntry[]): Har => ({
  log: { version: "1.2", creator: { name: "test", version: "1" }, entries },
});

const hot = (title: string) =>
  JSON.stringify({
    schemaVersion: 1,
    generatedAt: "2026-11-28T00:00:00.000Z",
    windowHours: 24,
    count: 0,
    items: [],
    title,
  });

describe("replay matching", () => {
  let feed: FeedFake;
  beforeAll(async () => {
    const replay = loadReplay(
      har(
        entry("GET", "https://feed.example/api/v1/items?window=7d&mode=selected", 200, '{"a":1}'),
        entry("GET", "https://feed.example/api/v1/hot-topics", 200, hot("first")),
        entry("GET", "https://feed.example/api/v1/hot-topics", 200, hot("second")),
      ),
    );
    feed = await startFeedFake({ replay });
  });
  afterAll(() => feed.close());

  it("matches the query in any order, recorded headers kept as they were", async () => {
    const response = await fetch(`${feed.url}/api/v1/items?mode=selected&window=7d`);
    expect(await response.text()).toBe('{"a":1}');
    expect(response.headers.get("etag")).toBe('W/"v1-a"');
    expect(response.headers.get("x-request-id")).toBeNull();
  });

  it("gives a request recorded twice its answers in order, then the last again", async () => {
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = (await (await fetch(`${feed.url}/api/v1/hot-topics`)).json()) as {
        title: string;
      };
      titles.push(body.title);
    }
    expect(titles).toEqual(["first", "second", "second"]);
  });

  it("leaves other requests to the fake", async () => {
    const response = await fetch(`${feed.url}/api/v1/items?mode=selected&window=24h`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).not.toBeNull();
  });
});

describe("replayed streams and gateway bodies", () => {
  const events = ['data: {"n":1}\n\n', 'data: {"n":2}\n\n', 'data: {"n":3}\n\n'];
  const stream = (time: number) =>
    entry(
      "POST",
      "https://gw.example/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=[redacted]",
      200,
      events.join(""),
      { _chunks: events.map((e, i) => ({ time: i * time, size: e.length })) },
      '{"contents":[{"parts":[{"text":"hi"}]}],"generationConfig":{"maxOutputTokens":1}}',
    );

  async function timed(speed: "instant" | "recorded") {
    const gateway = await startGatewayFake({ replay: loadReplay(har(stream(150)), { speed }) });
    const started = performance.now();
    // Another key, JSON keys in another order: still the recorded request.
    const response = await fetch(
      `${gateway.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?key=sk-x&alt=sse`,
      {
        method: "POST",
        body: '{"generationConfig":{"maxOutputTokens":1},"contents":[{"parts":[{"text":"hi"}]}]}',
      },
    );
    const text = await response.text();
    await gateway.close();
    return { text, ms: performance.now() - started };
  }

  it("plays a stream's events in order, at once by default", async () => {
    const { text } = await timed("instant");
    expect(text).toBe(events.join(""));
  });

  it("plays them at their recorded pace with speed: recorded", async () => {
    const { text, ms } = await timed("recorded");
    expect(text).toBe(events.join(""));
    expect(ms).toBeGreaterThanOrEqual(290);
  });

  it("names drift in a recorded answer on load: status, operation and pointer", () => {
    const replay = loadReplay(
      har(
        entry("GET", "https://feed.example/api/v1/hot-topics", 200, '{"schemaVersion":1}'),
        entry("GET", "https://feed.example/api/v1/dailies", 418, "{}"),
      ),
    );
    expect(replay.findings).toContainEqual({
      severity: "drift",
      operation: "hotTopics",
      status: 200,
      pointer: "/items",
      expected: "present (required)",
      seen: "absent",
    });
    expect(replay.findings).toContainEqual(
      expect.objectContaining({ operation: "dailies", status: 418, pointer: "/status" }),
    );
  });

  it("refuses a file that is not HAR", () => {
    expect(() => loadReplay({ log: {} } as unknown as Har)).toThrow(/not a HAR file/);
  });
});

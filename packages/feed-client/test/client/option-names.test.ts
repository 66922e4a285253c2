import { describe, expect, it } from "vitest";
import { ConfigError, createFeedClient, type FeedClientOptions } from "../../src/index.js";

describe("createFeedClient option names", () => {
  it("refuses a misspelled option before sending, naming the option meant", () => {
    const create = () =>
      createFeedClient({ baseUrl: "http://127.0.0.1:9", retries: 1 } as FeedClientOptions);
    expect(create).toThrow(ConfigError);
    expect(create).toThrow(
      'retries: not an option of createFeedClient; did you mean "maxRetries"?',
    );
  });

  it("takes undefined for an omitted option", () => {
    expect(
      createFeedClient({
        baseUrl: "http://127.0.0.1:9",
        userAgent: undefined,
        maxRetries: undefined,
      }).baseUrl,
    ).toBe("http://127.0.0.1:9");
  });
});

describe("createFeedClient's logger", () => {
  it("is a top-level option, as on the gateway client and the kit: it hears the retry", async () => {
    const events: unknown[] = [];
    const logger = {
      warn: (_: string, fields: { event?: unknown }) => void events.push(fields.event),
      info: (_: string, fields: { event?: unknown }) => void events.push(fields.event),
    };
    let calls = 0;
    const fetch = async () =>
      ++calls === 1
        ? new Response("busy", { status: 503 })
        : Response.json({ schemaVersion: 1, count: 0, items: [] });
    const client = createFeedClient({
      baseUrl: "http://127.0.0.1:9",
      fetch,
      maxRetries: 1,
      logger,
      transport: { sleep: async () => {}, random: () => 0 },
    });
    const { response } = await client.GET("/api/v1/hot-topics");
    expect(response.status).toBe(200);
    expect(calls).toBe(2);
    expect(events).toContain("retry");
  });
});

describe("a bad value from the environment", () => {
  it("is reported under the variable's name", () => {
    const saved = process.env["FEEDGATE_FEED_URL"];
    process.env["FEEDGATE_FEED_URL"] = "not a url";
    try {
      expect(() => createFeedClient()).toThrow(
        'FEEDGATE_FEED_URL: not an absolute URL: "not a url"',
      );
      expect(() => createFeedClient({ baseUrl: "also not" })).toThrow(
        'baseUrl: not an absolute URL: "also not"',
      );
    } finally {
      if (saved === undefined) delete process.env["FEEDGATE_FEED_URL"];
      else process.env["FEEDGATE_FEED_URL"] = saved;
    }
  });
});

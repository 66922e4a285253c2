import { describe, expect, it } from "vitest";
import { ConfigError, createFeedClient, type FeedClientOptions } from "../../src/index.js";

describe("createFeedClient option names", () => {
  it("refuses a misspelled option before sending, naming the option meant", () => {
    const create = () => createFeedClient({ baseUrl: "http://127.0.0.1:9", retries: 1 } as FeedClientOptions);
    expect(create).toThrow(ConfigError);
    expect(create).toThrow('retries: not an option of createFeedClient; did you mean "maxRetries"?');
  });

  it("takes undefined for an omitted option", () => {
    expect(createFeedClient({ baseUrl: "http://127.0.0.1:9", userAgent: undefined, maxRetries: undefined }).baseUrl).toBe("http://127.0.0.1:9");
  });
});

import { createFeedClient } from "@feedgate/feed-client";
import { describe, expect, it } from "vitest";
import { createFeedKit, type FeedKitOptions } from "../../src/feed/index.js";
import { ConfigError } from "../../src/index.js";
import {
  createMemoryStore,
  createSelectedMirror,
  type SelectedMirrorOptions,
} from "../../src/mirror/index.js";

describe("option names of the kit's factories", () => {
  it("createFeedKit refuses a misspelled option, naming the option meant, and takes undefined for an omitted one", () => {
    const create = () => createFeedKit({ baseURL: "http://127.0.0.1:9" } as FeedKitOptions);
    expect(create).toThrow(ConfigError);
    expect(create).toThrow('baseURL: not an option of createFeedKit; did you mean "baseUrl"?');
    expect(
      createFeedKit({ baseUrl: "http://127.0.0.1:9", userAgent: undefined }).client.baseUrl,
    ).toBe("http://127.0.0.1:9");
  });

  it("createSelectedMirror refuses a misspelled option, naming the option meant", () => {
    const client = createFeedClient({ baseUrl: "http://127.0.0.1:9" });
    const create = () =>
      createSelectedMirror({
        client,
        store: createMemoryStore(),
        pageSize: 10,
      } as SelectedMirrorOptions);
    expect(create).toThrow(ConfigError);
    expect(create).toThrow(
      'pageSize: not an option of createSelectedMirror; did you mean "snapshotPageSize"?',
    );
  });
});

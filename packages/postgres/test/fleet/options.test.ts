// Issue 24, item 3: createFleet takes maxRetries, timeoutMs, fetch, logger and signal at the
// top level, as the clients and the kit do.

import type { FeedgateError } from "@feedgate/core";
import { describe, expect, it } from "vitest";
import { postgresTestBed } from "../support/bed.js";

const bed = postgresTestBed("fo");
const { freshSchema } = bed;

describe("createFleet's top-level options", () => {
  it("fetch and maxRetries reach the feed kit: maxRetries 0 makes one attempt on a 503, over kit.maxRetries", async () => {
    const sent: string[] = [];
    let failure!: (error: FeedgateError) => void;
    const failed = new Promise<FeedgateError>((resolve) => (failure = resolve));
    const fetch = async (request: Request) => {
      sent.push(request.url);
      return new Response(
        JSON.stringify({
          type: "/problems/temporarily_unavailable",
          title: "t",
          status: 503,
          detail: "d",
          code: "temporarily_unavailable",
        }),
        { status: 503, headers: { "content-type": "application/problem+json" } },
      );
    };
    await bed.member({
      schema: freshSchema(),
      feedUrl: "http://127.0.0.1:9",
      resources: ["hotTopics"],
      fetch,
      maxRetries: 0,
      kit: { maxRetries: 5 },
      onError: (_, error) => failure(error),
    });
    const error = await failed;
    expect(error).toMatchObject({ kind: "unavailable", status: 503, attempts: 1 });
    expect(sent).toEqual(["http://127.0.0.1:9/api/v1/hot-topics"]);
  });

  it("an aborted signal stops the member and releases its locks, so another member leads", async () => {
    const schema = freshSchema();
    const controller = new AbortController();
    const fetch = async () =>
      new Response(JSON.stringify({ schemaVersion: 1, count: 0, items: [] }), {
        headers: { "content-type": "application/json", "cache-control": "public, s-maxage=60" },
      });
    let led!: () => void;
    const leading = new Promise<void>((resolve) => (led = resolve));
    const first = await bed.member({
      schema,
      feedUrl: "http://127.0.0.1:9",
      resources: ["hotTopics"],
      checkMs: 200,
      fetch,
      signal: controller.signal,
      onLeadership: (_, on) => on && led(),
    });
    await leading;
    let tookOver!: () => void;
    const second = new Promise<void>((resolve) => (tookOver = resolve));
    await bed.member({
      schema,
      feedUrl: "http://127.0.0.1:9",
      resources: ["hotTopics"],
      checkMs: 200,
      fetch,
      onLeadership: (_, on) => on && tookOver(),
    });
    controller.abort();
    await second;
    expect(first.leading()).toEqual([]);
    await first.stop(); // the same stop, once: resolves
  });
});

import type { CodexResetEvent, HotTopicsResponse, Item, StoryResponse } from "@feedgate/feed-client";
import { describe, expectTypeOf, it } from "vitest";
import { createFeedKit, type ConditionalResult, type FeedResult, type PolledVersion, type ResetChange, type ResetsUpdate, type StoryResult } from "../../src/feed/index.js";

const kit = createFeedKit({ baseUrl: "https://feed.example" });

describe("kit types", () => {
  it("types each call's result", () => {
    expectTypeOf(kit.hotTopics()).resolves.toEqualTypeOf<FeedResult<HotTopicsResponse>>();
    expectTypeOf(kit.getStory("id")).resolves.toEqualTypeOf<StoryResult>();
    expectTypeOf(kit.request("storyByPublicId", { path: { publicId: "x" } })).resolves.toEqualTypeOf<ConditionalResult<StoryResponse>>();
    expectTypeOf(kit.iterateItems()).toMatchTypeOf<AsyncIterable<Item>>();
    expectTypeOf(kit.watchResets()).toMatchTypeOf<AsyncIterable<ResetsUpdate>>();
    expectTypeOf(kit.watchHotTopics()).toMatchTypeOf<AsyncIterable<PolledVersion<HotTopicsResponse>>>();
    expectTypeOf<ResetChange>().toMatchTypeOf<{ type: "added" | "changed" | "removed"; id: string }>();
    expectTypeOf<Extract<ResetChange, { type: "removed" }>["previous"]>().toEqualTypeOf<CodexResetEvent>();
  });

  it("requires parameters where the operation has required ones", () => {
    // @ts-expect-error a story needs its publicId
    void kit.request("storyByPublicId");
    // @ts-expect-error changes need a cursor
    void kit.selectedChanges({});
    // @ts-expect-error limit is a number
    void kit.items({ limit: "10" });
    // @ts-expect-error mode is an enum
    void kit.items({ mode: "everything" });
    void kit.request("hotTopics");
    void kit.request("items", { query: { limit: 5 } }, { ifNoneMatch: 'W/"x"' });
  });
});

import type {
  CodexResetEvent,
  DailyResponse,
  HotTopicsResponse,
  Item,
  ItemsResponse,
  StoryResponse,
} from "@feedgate/feed-client";
import { describe, expectTypeOf, it } from "vitest";
import {
  type ConditionalResult,
  createFeedKit,
  type FeedResult,
  type PolledVersion,
  type ResetChange,
  type ResetsUpdate,
  type StoryNotModified,
  type StoryResult,
  type StoryVersion,
} from "../../src/feed/index.js";

const kit = createFeedKit({ baseUrl: "https://feed.example" });

describe("kit types", () => {
  it("types each call's result", () => {
    expectTypeOf(kit.hotTopics()).resolves.toEqualTypeOf<FeedResult<HotTopicsResponse>>();
    expectTypeOf(kit.getStory("id")).resolves.toEqualTypeOf<StoryResult>();
    expectTypeOf(
      kit.request("storyByPublicId", { path: { publicId: "x" } }),
    ).resolves.toEqualTypeOf<ConditionalResult<StoryResponse>>();
    // Typed calls are conditional with ifNoneMatch, without going through request().
    expectTypeOf(kit.hotTopics({ ifNoneMatch: 'W/"x"' })).resolves.toEqualTypeOf<
      ConditionalResult<HotTopicsResponse>
    >();
    expectTypeOf(kit.items({ limit: 5 }, { ifNoneMatch: 'W/"x"' })).resolves.toEqualTypeOf<
      ConditionalResult<ItemsResponse>
    >();
    expectTypeOf(kit.dailyByDate("2026-11-01", { ifNoneMatch: 'W/"x"' })).resolves.toEqualTypeOf<
      ConditionalResult<DailyResponse>
    >();
    expectTypeOf(kit.items({ limit: 5 })).resolves.toEqualTypeOf<FeedResult<ItemsResponse>>();
    expectTypeOf(kit.getStory("id", { ifNoneMatch: 'W/"x"' })).resolves.toEqualTypeOf<
      StoryResult | StoryNotModified
    >();
    expectTypeOf(kit.watchStory("id")).toMatchTypeOf<AsyncIterable<StoryVersion>>();
    expectTypeOf(kit.iterateItems()).toMatchTypeOf<AsyncIterable<Item>>();
    expectTypeOf(kit.watchResets()).toMatchTypeOf<AsyncIterable<ResetsUpdate>>();
    expectTypeOf(kit.watchHotTopics()).toMatchTypeOf<
      AsyncIterable<PolledVersion<HotTopicsResponse>>
    >();
    expectTypeOf<ResetChange>().toMatchTypeOf<{
      type: "added" | "changed" | "removed";
      id: string;
    }>();
    expectTypeOf<
      Extract<ResetChange, { type: "removed" }>["previous"]
    >().toEqualTypeOf<CodexResetEvent>();
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
    // @ts-expect-error changes need their query
    void kit.selectedChanges();
    // @ts-expect-error a dated daily needs its date
    void kit.dailyByDate();
    void kit.request("hotTopics");
    void kit.request("items", { query: { limit: 5 } }, { ifNoneMatch: 'W/"x"' });
  });
});

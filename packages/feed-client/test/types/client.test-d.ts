import { describe, expectTypeOf, it } from "vitest";
import {
  createFeedClient,
  type FeedgateError,
  type HotTopic,
  type Item,
  type ItemsQuery,
  type Problem,
  type ProblemDetails,
  type SelectedChanges,
} from "../../src/index.js";

const client = createFeedClient({ baseUrl: "https://feed.example" });

describe("the generated types guard every call", () => {
  it("types success bodies by operation", async () => {
    const { data } = await client.GET("/api/v1/hot-topics");
    expectTypeOf(data!.items).toEqualTypeOf<HotTopic[]>();
    const items = await client.GET("/api/v1/items");
    expectTypeOf(items.data!.items[0]!).toEqualTypeOf<Item>();
    const changes = await client.GET("/api/v1/selected/changes", {
      params: { query: { cursor: "c" } },
    });
    // The document's oneOf-by-`fields` shape makes an intersection type: check both directions.
    expectTypeOf(changes.data!).toMatchTypeOf<SelectedChanges>();
    expectTypeOf<SelectedChanges>().toMatchTypeOf<NonNullable<typeof changes.data>>();
  });

  it("types failures as Problem", async () => {
    const { error } = await client.GET("/api/v1/hot-topics");
    expectTypeOf<Problem>().toMatchTypeOf<NonNullable<typeof error>>();
  });

  it("types an error's problem as the feed's ProblemDetails (declared on core's error family)", () => {
    expectTypeOf<FeedgateError["problem"]>().toEqualTypeOf<ProblemDetails | undefined>();
    expectTypeOf<Problem>().toExtend<ProblemDetails>();
  });

  it("keeps defaulted query parameters optional", () => {
    expectTypeOf<Record<never, never>>().toMatchTypeOf<ItemsQuery>();
  });

  it("rejects a wrong enum value", () => {
    // @ts-expect-error "everything" is not a mode
    void client.GET("/api/v1/items", { params: { query: { mode: "everything" } } });
  });

  it("rejects an unknown query key", () => {
    // @ts-expect-error there is no "page" parameter on items
    void client.GET("/api/v1/items", { params: { query: { page: 2 } } });
  });

  it("rejects a missing required path parameter", () => {
    // @ts-expect-error publicId is required
    void client.GET("/api/v1/stories/{publicId}", { params: { path: {} } });
    // @ts-expect-error date is required
    void client.GET("/api/v1/dailies/{date}", {});
  });

  it("rejects a path the service does not have", () => {
    // @ts-expect-error not an operation of the feed
    void client.GET("/api/v1/weeklies");
  });

  it("rejects methods the read-only service does not have", () => {
    // @ts-expect-error the feed is read-only
    void client.POST("/api/v1/items", {});
  });
});

import type { CategoryKey, ItemsQuery } from "@feedgate/feed-client";
import { describe, expectTypeOf, it } from "vitest";
import type { FeedParams } from "../../src/feed/index.js";
import type { StoreFilter } from "../../src/mirror/index.js";

type Known = "ai-models" | "ai-products" | "industry" | "paper" | "tip" | "opinion";

describe("every public query type taking a category carries the open union", () => {
  it("is CategoryKey: the six known keys autocomplete, and any string is accepted", () => {
    expectTypeOf<Known>().toExtend<CategoryKey>();
    expectTypeOf<"a-future-key">().toExtend<CategoryKey>();
    // Not collapsed to `string` (which would offer no completion).
    expectTypeOf<CategoryKey>().not.toEqualTypeOf<string>();
    expectTypeOf<Exclude<ItemsQuery["category"], undefined>>().toEqualTypeOf<CategoryKey>();
    type KitItems = Exclude<NonNullable<FeedParams<"items">["query"]>["category"], undefined>;
    expectTypeOf<KitItems>().toEqualTypeOf<CategoryKey>();
    expectTypeOf<Exclude<StoreFilter["category"], undefined>>().toEqualTypeOf<CategoryKey>();
  });
});

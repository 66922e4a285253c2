import type { Item } from "@feedgate/feed-client";
import { expectTypeOf, test } from "vitest";
import {
  createFakeClock,
  type FakeClock,
  type FakeItem,
  type Fault,
  type FaultRule,
  type FeedFake,
  type FeedFakeOptions,
  type FeedRoute,
  type GatewayFake,
  type GatewayRoute,
  type RecordedRequest,
  startFeedFake,
  startGatewayFake,
} from "../../src/index.js";

test("the agreed public API", () => {
  expectTypeOf(createFakeClock).toEqualTypeOf<(startMs?: number) => FakeClock>();
  expectTypeOf(startFeedFake).returns.resolves.toEqualTypeOf<FeedFake>();
  expectTypeOf(startGatewayFake).returns.resolves.toEqualTypeOf<GatewayFake>();
  expectTypeOf<FakeItem>().toEqualTypeOf<Item>();
  expectTypeOf<FeedRoute>().toEqualTypeOf<
    | "items"
    | "codexResets"
    | "codexResetsRecent"
    | "hotTopics"
    | "storyByPublicId"
    | "dailies"
    | "latestDaily"
    | "dailyByDate"
    | "selectedSnapshot"
    | "selectedChanges"
  >();
  expectTypeOf<"createResponse">().toExtend<GatewayRoute>();
  expectTypeOf<RecordedRequest["fault"]>().toEqualTypeOf<Fault["type"] | undefined>();
  expectTypeOf<FeedFake["faults"]["injected"]>().toEqualTypeOf<number>();
  expectTypeOf<RecordedRequest["requestId"]>().toEqualTypeOf<string | undefined>();
  expectTypeOf<FeedFake["items"]["update"]>().toEqualTypeOf<(item: FakeItem) => number>();
  expectTypeOf<FeedFake["items"]["remove"]>().toEqualTypeOf<(...ids: string[]) => number>();
});

test('cacheControl takes operations (or "*") and a header or seconds', () => {
  const ok: FeedFakeOptions = {
    cacheControl: { hotTopics: 1, "*": "public, max-age=5, s-maxage=5" },
  };
  void ok;
  // @ts-expect-error unknown operation
  const typo: FeedFakeOptions = { cacheControl: { hotTopic: 1 } };
  // @ts-expect-error a boolean is neither a header nor seconds
  const wrong: FeedFakeOptions = { cacheControl: { items: true } };
  void typo;
  void wrong;
});

test("faults are checked at compile time, against each fake's own routes", () => {
  const ok: FaultRule<FeedRoute> = {
    route: "items",
    fault: { type: "status", status: 429, retryAfter: "Fri, 20 Nov 2026 00:00:05 GMT" },
    times: 1,
    probability: 0.2,
  };
  expectTypeOf(ok).toEqualTypeOf<FaultRule<FeedRoute>>();
  expectTypeOf<FeedFake["faults"]["add"]>().toEqualTypeOf<(rule: FaultRule<FeedRoute>) => void>();
  expectTypeOf<GatewayFake["faults"]["add"]>().toEqualTypeOf<
    (rule: FaultRule<GatewayRoute>) => void
  >();
  expectTypeOf<FeedFake["requests"][number]["route"]>().toEqualTypeOf<FeedRoute | undefined>();
  // A bare FaultRule takes any route name; the fake checks it when the rule is added.
  expectTypeOf<FaultRule["route"]>().toEqualTypeOf<string | undefined>();
  // @ts-expect-error 418 is not a fault status
  const bad: FaultRule = { fault: { type: "status", status: 418 } };
  // @ts-expect-error unknown route
  const typo: FaultRule<FeedRoute> = { route: "item", fault: { type: "reset" } };
  void bad;
  void typo;
});

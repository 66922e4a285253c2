import { expectTypeOf, test } from "vitest";
import type { Item } from "@feedgate/feed-client";
import {
  createFakeClock,
  startFeedFake,
  startGatewayFake,
  type Fault,
  type FaultRule,
  type FakeClock,
  type FakeItem,
  type FeedFake,
  type FeedRoute,
  type GatewayFake,
  type GatewayRoute,
  type RecordedRequest,
} from "../../src/index.js";

test("the agreed public API", () => {
  expectTypeOf(createFakeClock).toEqualTypeOf<(startMs?: number) => FakeClock>();
  expectTypeOf(startFeedFake).returns.resolves.toEqualTypeOf<FeedFake>();
  expectTypeOf(startGatewayFake).returns.resolves.toEqualTypeOf<GatewayFake>();
  expectTypeOf<FakeItem>().toEqualTypeOf<Item>();
  expectTypeOf<FeedRoute>().toEqualTypeOf<
    "items" | "codexResets" | "codexResetsRecent" | "hotTopics" | "storyByPublicId" | "dailies" | "latestDaily" | "dailyByDate" | "selectedSnapshot" | "selectedChanges"
  >();
  expectTypeOf<"createResponse">().toExtend<GatewayRoute>();
  expectTypeOf<RecordedRequest["fault"]>().toEqualTypeOf<Fault["type"] | undefined>();
  expectTypeOf<FeedFake["faults"]["injected"]>().toEqualTypeOf<number>();
});

test("faults are checked at compile time", () => {
  const ok: FaultRule = { route: "items", fault: { type: "status", status: 429, retryAfter: "Fri, 20 Nov 2026 00:00:05 GMT" }, times: 1, probability: 0.2 };
  expectTypeOf(ok).toEqualTypeOf<FaultRule>();
  // @ts-expect-error 418 is not a fault status
  const bad: FaultRule = { fault: { type: "status", status: 418 } };
  // @ts-expect-error unknown route
  const typo: FaultRule = { route: "item", fault: { type: "reset" } };
  void bad;
  void typo;
});

import { describe, expectTypeOf, it } from "vitest";
import type { FeedgateError, FeedgateErrorInit } from "../../src/index.js";

describe("the services' error bodies", () => {
  it("are unknown until a client declares its own: core knows no service", () => {
    expectTypeOf<FeedgateError["problem"]>().toBeUnknown();
    expectTypeOf<FeedgateError["envelope"]>().toBeUnknown();
    expectTypeOf<FeedgateErrorInit["envelope"]>().toBeUnknown();
  });
});

import type { CategoryKey, ItemsQuery } from "@feedgate/feed-client";
import { json, problem } from "@feedgate/test-harness";
import { describe, expect, expectTypeOf, it } from "vitest";
import { validateFeedRequest } from "../../src/feed/index.js";
import { itemsPage, stubKit } from "../support/feed-kit.js";

describe("category keys: typed and open", () => {
  it("the six keys of the document are the type's known members, and any other string is allowed", () => {
    expectTypeOf<"ai-models">().toMatchTypeOf<CategoryKey>();
    expectTypeOf<"a-key-added-later">().toMatchTypeOf<CategoryKey>();
    // Not plain `string`: the known keys are there for autocompletion.
    expectTypeOf<CategoryKey>().not.toEqualTypeOf<string>();
    expectTypeOf<ItemsQuery["category"]>().toEqualTypeOf<CategoryKey | undefined>();
  });

  it("a misspelt key gets a did-you-mean hint before sending, and is still sent", async () => {
    expect(validateFeedRequest("items", { query: { category: "papr" } }).hints).toEqual([
      expect.stringMatching(/did you mean "paper"\?/),
    ]);
    expect(validateFeedRequest("items", { query: { category: "AI_Models" } }).hints).toEqual([
      expect.stringMatching(/did you mean "ai-models"\?/),
    ]);
    const records: Array<{ level: string; message: string; order: number }> = [];
    let order = 0;
    const logger = {
      warn: (message: string) => records.push({ level: "warn", message, order: order++ }),
    };
    const { kit, seen } = stubKit([json(200, itemsPage([], null))], { logger });
    await kit.items({ category: "papr" });
    expect(records).toHaveLength(1);
    expect(records[0]!.message).toMatch(/category "papr" .*did you mean "paper"\?/);
    expect(new URL(seen[0]!.url).searchParams.get("category")).toBe("papr");
  });

  it("a key far from every known one (a key the service may add later) is sent without a hint", async () => {
    expect(validateFeedRequest("items", { query: { category: "robotics" } }).hints).toEqual([]);
    expect(validateFeedRequest("items", { query: { category: "paper" } }).hints).toEqual([]);
    const warnings: string[] = [];
    const { kit, seen } = stubKit([json(200, itemsPage([], null))], {
      logger: { warn: (m: string) => warnings.push(m) },
    });
    await kit.items({ category: "robotics" });
    expect(warnings).toEqual([]);
    expect(new URL(seen[0]!.url).searchParams.get("category")).toBe("robotics");
  });

  it("when the service refuses a misspelt key, its error carries the hint", async () => {
    const { kit } = stubKit([problem(400, "invalid_request")]);
    await expect(kit.items({ category: "tips" })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/did you mean "tip"\?/),
    });
  });
});

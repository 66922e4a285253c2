import { describe, expect, it } from "vitest";
import { isFeedgateError } from "../../src/index.js";
import { item, itemsPage, stubKit } from "../support/feed-kit.js";
import { json, problem } from "@feedgate/test-harness";

/** An item whose timeline time is `minute` minutes after a fixed hour: newer minute, newer item. */
const at = (id: string, minute: number) => item(id, { discoveredAt: new Date(Date.parse("2026-11-19T00:00:00Z") + minute * 60_000).toISOString() });
const page = (items: ReturnType<typeof item>[], nextCursor: string | null) => ({ ...itemsPage([], nextCursor), items, page: { count: items.length, hasMore: nextCursor !== null, nextCursor } });

async function drain(iterable: AsyncIterable<{ id: string }>) {
  const ids: string[] = [];
  try {
    for await (const x of iterable) ids.push(x.id);
    return { ids, error: undefined };
  } catch (error) {
    return { ids, error };
  }
}

describe("a repeated cursor or an empty page is a loop", () => {
  it("the same nextCursor again stops the walk at once with limit_exceeded (cursor_loop)", async () => {
    const { kit, seen } = stubKit([json(200, page([at("a", 9)], "c1")), json(200, page([at("b", 8)], "c1"))]);
    const { ids, error } = await drain(kit.iterateItems());
    expect(ids).toEqual(["a", "b"]);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(seen).toHaveLength(2);
  });

  it("a cycle of cursors (c1 → c2 → c1) stops too", async () => {
    const { kit, seen } = stubKit([json(200, page([at("a", 9)], "c1")), json(200, page([at("b", 8)], "c2")), json(200, page([at("c", 7)], "c1"))]);
    const { error } = await drain(kit.iterateItems());
    expect(isFeedgateError(error, "limit_exceeded")).toBe(true);
    expect(seen).toHaveLength(3);
  });

  it("pages that bring nothing new while claiming more stop after 3, not after maxPages", async () => {
    let n = 0;
    const same = () => json(200, page([at("a", 9)], `fresh-${++n}`));
    const { kit, seen } = stubKit([same]);
    const { ids, error } = await drain(kit.iterateItems({}, { maxPages: 1000 }));
    expect(ids).toEqual(["a"]);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(seen).toHaveLength(4);
  });
});

describe("a restart after invalid_cursor yields what arrived at the head meanwhile", () => {
  it("new items at the head are yielded once; nothing the walk had not reached is skipped", async () => {
    const script = [
      json(200, page([at("i10", 10), at("i9", 9)], "c1")),
      problem(400, "invalid_cursor"),
      // The first page again: two items arrived at the head since the walk began.
      json(200, page([at("n12", 12), at("n11", 11), at("i10", 10), at("i9", 9)], "c2")),
      json(200, page([at("i8", 8), at("i7", 7)], null)),
    ];
    const { kit } = stubKit(script);
    const { ids, error } = await drain(kit.iterateItems());
    expect(error).toBeUndefined();
    expect(ids).toEqual(["i10", "i9", "n12", "n11", "i8", "i7"]);
  });

  it("a second restart does not yield the new head items again", async () => {
    const script = [
      json(200, page([at("i10", 10)], "c1")),
      problem(400, "invalid_cursor"),
      json(200, page([at("n12", 12), at("i10", 10)], "c2")),
      problem(400, "invalid_cursor"),
      json(200, page([at("n13", 13), at("n12", 12), at("i10", 10)], "c3")),
      json(200, page([at("i9", 9)], null)),
    ];
    const { kit } = stubKit(script);
    const { ids, error } = await drain(kit.iterateItems());
    expect(error).toBeUndefined();
    expect(ids).toEqual(["i10", "n12", "n13", "i9"]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

import { describe, expect, it } from "vitest";
import { isFeedgateError } from "../../src/index.js";
import { itemsPage, stubKit } from "../support/feed-kit.js";
import { json, problem } from "../support/stub-fetch.js";

/** A stub items endpoint: pages of `ids`, cursor = index of the next item. */
function pagedItems(pages: string[][], options: { invalidOnce?: string } = {}) {
  let invalidated = false;
  return (request: Request) => {
    const cursor = new URL(request.url).searchParams.get("cursor");
    if (cursor !== null && cursor === options.invalidOnce && !invalidated) {
      invalidated = true;
      return problem(400, "invalid_cursor");
    }
    const index = cursor === null ? 0 : Number(cursor.slice(1));
    const next = index + 1 < pages.length ? `p${index + 1}` : null;
    return json(200, itemsPage(pages[index]!, next));
  };
}

describe("cursor pagination", () => {
  it("passes nextCursor until hasMore is false, yielding every item once", async () => {
    const handler = pagedItems([["a", "b"], ["c", "d"], ["e"]]);
    const { kit, seen } = stubKit([handler]);
    const ids: string[] = [];
    for await (const item of kit.iterateItems({ limit: 2, mode: "all" })) ids.push(item.id);
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("cursor"))).toEqual([null, "p1", "p2"]);
    expect(seen.every((s) => new URL(s.url).searchParams.get("mode") === "all")).toBe(true);
  });

  it("yields pages with their metadata and numbering", async () => {
    const { kit } = stubKit([pagedItems([["a"], ["b"]])]);
    const pages = [];
    for await (const page of kit.iterateItemPages()) pages.push([page.pageNumber, page.items.map((i) => i.id), page.meta.status]);
    expect(pages).toEqual([[1, ["a"], 200], [2, ["b"], 200]]);
  });

  it("restarts from the first page on invalid_cursor and never yields an id twice", async () => {
    const { kit, seen } = stubKit([pagedItems([["a", "b"], ["c", "d"], ["e"]], { invalidOnce: "p2" })]);
    const ids: string[] = [];
    for await (const item of kit.iterateItems()) ids.push(item.id);
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("cursor"))).toEqual([null, "p1", "p2", null, "p1", "p2"]);
  });

  it("gives up with limit_exceeded after maxRestarts", async () => {
    const { kit } = stubKit([(r: Request) => (new URL(r.url).searchParams.has("cursor") ? problem(400, "invalid_cursor") : json(200, itemsPage(["a"], "p1")))]);
    const error = await (async () => {
      for await (const _ of kit.iterateItems({}, { maxRestarts: 2 })) void _;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "limit_exceeded", code: "max_restarts" });
  });

  it("stops at maxPages with limit_exceeded", async () => {
    const { kit, seen } = stubKit([(r: Request) => json(200, itemsPage([`i${Math.random()}`], "again"))]);
    const error = await (async () => {
      for await (const _ of kit.iterateItemPages({}, { maxPages: 4 })) void _;
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error, "limit_exceeded")).toBe(true);
    expect(seen).toHaveLength(4);
  });

  it("stops fetching on break", async () => {
    const { kit, seen } = stubKit([pagedItems([["a", "b"], ["c", "d"], ["e"]])]);
    for await (const item of kit.iterateItems()) if (item.id === "b") break;
    expect(seen).toHaveLength(1);
  });

  it("newItemsSince pages back only until a known id", async () => {
    const { kit, seen } = stubKit([pagedItems([["n1", "n2"], ["n3", "k1"], ["k2"], ["k3"]])]);
    expect((await kit.newItemsSince(["k1", "k2"])).map((i) => i.id)).toEqual(["n1", "n2", "n3"]);
    expect(seen).toHaveLength(2);
    const single = stubKit([pagedItems([["n1", "k9"], ["x"]])]);
    expect((await single.kit.newItemsSince("k9")).map((i) => i.id)).toEqual(["n1"]);
    expect(single.seen).toHaveLength(1);
  });

  it("aborting rejects with kind aborted and fetches no more", async () => {
    const controller = new AbortController();
    const { kit, seen } = stubKit([pagedItems([["a"], ["b"], ["c"]])]);
    const error = await (async () => {
      for await (const item of kit.iterateItems({}, { signal: controller.signal })) if (item.id === "a") controller.abort();
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

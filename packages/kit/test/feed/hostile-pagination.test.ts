import { json, problem } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { isFeedgateError } from "../../src/index.js";
import { item, itemsPage, stubKit } from "../support/feed-kit.js";

/** An item whose timeline time is `minute` minutes after a fixed hour: newer minute, newer item. */
const at = (id: string, minute: number) =>
  item(id, {
    discoveredAt: new Date(Date.parse("2026-11-19T00:00:00Z") + minute * 60_000).toISOString(),
  });
const page = (items: ReturnType<typeof item>[], nextCursor: string | null) => ({
  ...itemsPage([], nextCursor),
  items,
  page: { count: items.length, hasMore: nextCursor !== null, nextCursor },
});

async function drain(iterable: AsyncIterable<{ id: string }>) {
  const ids: string[] = [];
  try {
    for await (const x of iterable) ids.push(x.id);
    return { ids, error: undefined };
  } catch (error) {
    return { ids, error };
  }
}

/** A server that refuses `cursor` once (400 invalid_cursor), and otherwise answers with `answer`. */
function refusingOnce(
  refused: string,
  answer: (cursor: string | null, restarted: boolean) => Response,
): (request: Request) => Response {
  let restarted = false;
  return (request) => {
    const cursor = new URL(request.url).searchParams.get("cursor");
    if (cursor !== refused || restarted) return answer(cursor, restarted);
    restarted = true;
    return problem(400, "invalid_cursor");
  };
}

describe("a repeated cursor or an empty page is a loop", () => {
  it("the same nextCursor again stops the walk at once with limit_exceeded (cursor_loop)", async () => {
    const { kit, seen } = stubKit([
      json(200, page([at("a", 9)], "c1")),
      json(200, page([at("b", 8)], "c1")),
    ]);
    const { ids, error } = await drain(kit.iterateItems());
    expect(ids).toEqual(["a", "b"]);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(seen).toHaveLength(2);
  });

  it("a cycle of cursors (c1 → c2 → c1) stops too", async () => {
    const { kit, seen } = stubKit([
      json(200, page([at("a", 9)], "c1")),
      json(200, page([at("b", 8)], "c2")),
      json(200, page([at("c", 7)], "c1")),
    ]);
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

describe("a restart is not a loop (deterministic cursors)", () => {
  /** 300 items, 20 a page, whose cursors encode the position as real cursors do; the one of `expiresAt` turns invalid once. */
  function positionalServer(expiresAt: number) {
    const all = Array.from({ length: 300 }, (_, i) =>
      at(`i${String(300 - i).padStart(3, "0")}`, 300 - i),
    );
    let expired = false;
    return (request: Request) => {
      const cursor = new URL(request.url).searchParams.get("cursor");
      const offset = cursor === null ? 0 : Number(cursor.slice(4));
      if (offset === expiresAt && !expired) {
        expired = true;
        return problem(400, "invalid_cursor");
      }
      const items = all.slice(offset, offset + 20);
      const next = offset + 20 < all.length ? `pos-${offset + 20}` : null;
      return json(200, page(items, next));
    };
  }

  it("a cursor that expires after the fifth page: the walk restarts, re-passes cursors it saw, and yields all 300 once", async () => {
    const { kit, seen } = stubKit([positionalServer(100)]);
    const { ids, error } = await drain(kit.iterateItems());
    expect(error).toBeUndefined();
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    // 5 pages, the refused one, 15 pages again from the top.
    expect(seen).toHaveLength(5 + 1 + 15);
  });

  it("the guards still stop a loop within one pass after a restart", async () => {
    const server = refusingOnce("old", (cursor, restarted) => {
      if (cursor === null) return json(200, page([at("a", 9)], restarted ? "loop" : "old"));
      return json(200, page([at("b", 8)], "loop"));
    });
    const { kit, seen } = stubKit([server]);
    const { ids, error } = await drain(kit.iterateItems());
    expect(ids).toEqual(["a", "b"]);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(seen.length).toBeLessThan(10);
  });

  it("after a restart, pages that never reach the position and bring nothing stop within the previous pass's length plus 3", async () => {
    let n = 0;
    const server = refusingOnce("c2", (cursor, restarted) => {
      if (!restarted)
        return json(
          200,
          page(
            [at(cursor === null ? "a" : "b", cursor === null ? 9 : 8)],
            cursor === null ? "c1" : "c2",
          ),
        );
      // After the restart: the same first item forever, under fresh cursors.
      return json(200, page([at("a", 9)], `fresh-${++n}`));
    });
    const { kit, seen } = stubKit([server]);
    const { error } = await drain(kit.iterateItems({}, { maxPages: 1000 }));
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(seen.length).toBeLessThanOrEqual(3 + 2 + 3 + 1);
  });
});

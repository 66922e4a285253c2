import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../src/mirror/index.js";

const item = (id: string, minute: number, extra: object = {}) =>
  ({
    id,
    title: `title ${id}`,
    summary: null,
    category: "paper",
    publishedAt: null,
    discoveredAt: new Date(Date.UTC(2026, 10, 20, 0, minute)).toISOString(),
    ...extra,
  }) as never;

describe("MirrorStore.iterate: filtered, newest first, page by page", () => {
  it("yields every match once, newest first, in pages of the size asked", async () => {
    const store = createMemoryStore();
    const g = await store.beginSnapshot("default");
    const items = Array.from({ length: 25 }, (_, i) =>
      item(
        `i${String(i).padStart(2, "0")}`,
        i,
        i % 5 === 0 ? { category: "industry", title: `Open weights ${i}` } : {},
      ),
    );
    await store.putSnapshotPage(g, { items, cursor: "c1", nextPage: null });
    await store.commitSnapshot(g);
    const all: string[] = [];
    for await (const it of store.iterate!({}, { pageSize: 4 })) all.push((it as { id: string }).id);
    expect(all).toHaveLength(25);
    expect(all[0]).toBe("i24");
    expect(all.at(-1)).toBe("i00");
    const industry: string[] = [];
    for await (const it of store.iterate!({
      category: "industry",
      since: "2026-11-20T00:05:00Z",
      q: "OPEN",
    }))
      industry.push((it as { id: string }).id);
    expect(industry).toEqual(["i20", "i15", "i10", "i05"]);
  });
});

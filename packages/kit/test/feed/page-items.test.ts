import { describe, expect, it } from "vitest";
import { itemsOf } from "../../src/feed/page-items.js";

/** Pages of the given items, recording what the walk asked for; `failAt` makes that page throw. */
function recordedPages(pages: string[][], options: { failAt?: number } = {}) {
  const log = { fetched: 0, closed: false };
  async function* walk() {
    try {
      for (const [index, items] of pages.entries()) {
        await Promise.resolve(); // a page arrives later, as a fetched one does
        log.fetched++;
        if (index === options.failAt) throw new Error(`page ${index} failed`);
        yield { items };
      }
    } finally {
      log.closed = true;
    }
  }
  return { pages: walk(), log };
}

async function drain(iterator: AsyncIterable<string>): Promise<string[]> {
  const seen: string[] = [];
  for await (const item of iterator) seen.push(item);
  return seen;
}

describe("itemsOf: the items of a paged walk, one by one, as an async generator would give them", () => {
  it("yields every item of every page in order, passing empty pages", async () => {
    const { pages, log } = recordedPages([["a", "b"], [], ["c"], ["d", "e", "f"]]);
    expect(await drain(itemsOf(pages))).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(log.fetched).toBe(4);
  });

  it("fetches nothing before the first next(), and a page only when its items are asked for", async () => {
    const { pages, log } = recordedPages([["a", "b"], ["c"]]);
    const items = itemsOf(pages);
    expect(log.fetched).toBe(0);
    expect(await items.next()).toEqual({ value: "a", done: false });
    expect(await items.next()).toEqual({ value: "b", done: false });
    expect(log.fetched).toBe(1);
    expect(await items.next()).toEqual({ value: "c", done: false });
    expect(log.fetched).toBe(2);
    expect(await items.next()).toEqual({ value: undefined, done: true });
    expect(await items.next()).toEqual({ value: undefined, done: true });
  });

  it("answers calls made while a page is being fetched in the order they were made", async () => {
    const { pages } = recordedPages([["a"], ["b", "c"], ["d"]]);
    const items = itemsOf(pages);
    const answers = await Promise.all(Array.from({ length: 6 }, () => items.next()));
    expect(answers).toEqual([
      { value: "a", done: false },
      { value: "b", done: false },
      { value: "c", done: false },
      { value: "d", done: false },
      { value: undefined, done: true },
      { value: undefined, done: true },
    ]);
  });

  it("break closes the walk: the pages end and nothing more is fetched", async () => {
    const { pages, log } = recordedPages([["a", "b"], ["c"], ["d"]]);
    const seen: string[] = [];
    for await (const item of itemsOf(pages)) {
      seen.push(item);
      if (item === "b") break;
    }
    expect(seen).toEqual(["a", "b"]);
    expect(log).toEqual({ fetched: 1, closed: true });
  });

  it("return() before the first next() fetches nothing and ends the iterator", async () => {
    const { pages, log } = recordedPages([["a"]]);
    const items = itemsOf(pages);
    expect(await items.return()).toEqual({ value: undefined, done: true });
    expect(await items.next()).toEqual({ value: undefined, done: true });
    expect(log.fetched).toBe(0);
  });

  it("return() queued behind a fetch waits for it, then closes the walk", async () => {
    const { pages, log } = recordedPages([["a"], ["b"]]);
    const items = itemsOf(pages);
    const [first, closed, after] = await Promise.all([items.next(), items.return(), items.next()]);
    expect(first).toEqual({ value: "a", done: false });
    expect(closed).toEqual({ value: undefined, done: true });
    expect(after).toEqual({ value: undefined, done: true });
    expect(log).toEqual({ fetched: 1, closed: true });
  });

  it("throw() closes the walk and rejects with the error given", async () => {
    const { pages, log } = recordedPages([["a", "b"], ["c"]]);
    const items = itemsOf(pages);
    await items.next();
    const stop = new Error("stop");
    await expect(items.throw(stop)).rejects.toBe(stop);
    expect(await items.next()).toEqual({ value: undefined, done: true });
    expect(log).toEqual({ fetched: 1, closed: true });
  });

  it("a page that fails rejects once, after the items before it; then the iterator is done", async () => {
    const { pages } = recordedPages([["a"], ["b"], ["c"]], { failAt: 1 });
    const items = itemsOf(pages);
    expect(await items.next()).toEqual({ value: "a", done: false });
    await expect(items.next()).rejects.toThrow("page 1 failed");
    expect(await items.next()).toEqual({ value: undefined, done: true });
  });

  it("is its own async iterator, and disposable where an async generator is", async () => {
    const { pages, log } = recordedPages([["a"], ["b"]]);
    const items = itemsOf(pages);
    expect(items[Symbol.asyncIterator]()).toBe(items);
    const dispose = (Symbol as { asyncDispose?: symbol }).asyncDispose ?? Symbol("none");
    const method = (iterator: object) => (iterator as Record<symbol, unknown>)[dispose];
    const generator = (async function* () {})();
    // Whatever a real async generator has here (the platform's), this iterator has too.
    expect(typeof method(items)).toBe(typeof method(generator));
    if (typeof method(items) === "function") {
      await items.next();
      await (method(items) as () => Promise<void>).call(items);
      expect(log.closed).toBe(true);
    }
  });
});

import { createFeedClient, type FeedClient } from "@feedgate/feed-client";
import { createPrng, type FeedFake, type RecordedRequest, startFeedFake } from "@feedgate/mock";
import { createChurn, makeSelectedItem, selectedId } from "@feedgate/test-harness";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, isFeedgateError, RateLimitError, type Sleep } from "../../src/index.js";
import {
  createMemoryStore,
  createSelectedMirror,
  MIRROR_DEFAULTS,
  type MirrorProgress,
  type MirrorStore,
  type SelectedMirrorOptions,
} from "../../src/mirror/index.js";

const fakes: FeedFake[] = [];
async function fakeWith(count: number): Promise<FeedFake> {
  const fake = await startFeedFake({ data: "empty", seed: 3 });
  fakes.push(fake);
  for (let n = 0; n < count; n++) fake.selected.upsert(makeSelectedItem(n));
  return fake;
}
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** A sleep that records every wait and returns at once (rejecting if the signal fired). */
function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    waits.push(ms);
    if (signal?.aborted) throw signal.reason;
  };
  return { waits, sleep };
}

/** No transport retries: failures reach the mirror, whose own handling is under test. */
/** A client of the fake whose transport retries `maxRetries` times (default none), waiting through `sleep`. */
function rawClient(fake: FeedFake, maxRetries = 0, sleep?: Sleep): FeedClient {
  return createFeedClient({
    baseUrl: fake.url,
    maxRetries,
    transport: { initialDelayMs: 100, random: () => 0, ...(sleep && { sleep }) },
  });
}

function mirrorOf(
  fake: FeedFake,
  store: MirrorStore,
  extra: Partial<SelectedMirrorOptions> = {},
  maxRetries = 0,
) {
  const { sleep, waits } = recordingSleep();
  const progress: MirrorProgress[] = [];
  const mirror = createSelectedMirror({
    client: rawClient(fake, maxRetries, sleep),
    store,
    sleep,
    random: () => 0,
    onProgress: (p) => progress.push(p),
    ...extra,
  });
  return { mirror, waits, progress };
}

const sortedIds = async (store: MirrorStore) => (await store.ids()).sort();
const _truthIds = (fake: FeedFake) => fake.selected.truth().map((i) => i.id);
const route = (fake: FeedFake, name: RecordedRequest["route"]) =>
  fake.requests.filter((r) => r.route === name);

async function expectMirrors(store: MirrorStore, fake: FeedFake): Promise<void> {
  const truth = fake.selected.truth();
  const mine = new Map((await store.entries()).map((i) => [i.id, i]));
  expect(mine.size).toBe(truth.length);
  for (const item of truth) expect(mine.get(item.id)).toEqual(item);
}

describe("selected mirror: snapshot", () => {
  it("pages through the whole snapshot with nextPage, keeping the one ledger cursor of the pass", async () => {
    const fake = await fakeWith(2_500);
    const store = createMemoryStore();
    const { mirror, progress } = mirrorOf(fake, store, { snapshotPageSize: 1000 });
    const result = await mirror.sync();

    const pages = route(fake, "selectedSnapshot");
    expect(pages).toHaveLength(3);
    // First page: the projection and limit; continuation pages: the token (which fixes the projection).
    expect(pages[0]!.query.get("fields")).toBe("default");
    expect(pages[0]!.query.has("page")).toBe(false);
    expect(
      pages
        .slice(1)
        .every(
          (r) => r.query.has("page") && !r.query.has("fields") && r.query.get("limit") === "1000",
        ),
    ).toBe(true);
    // The cursor kept is the pass's cursor, and the first changes request uses it.
    const changes = route(fake, "selectedChanges");
    expect(changes[0]!.query.get("cursor")).toBe(result.cursor);
    expect(result).toMatchObject({ items: 2_500, snapshotted: true, pages: 3 });
    await expectMirrors(store, fake);
    expect(progress.filter((p) => p.phase === "snapshot").map((p) => [p.pages, p.items])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 2500],
    ]);
    expect(mirror.stats).toMatchObject({ snapshots: 1, snapshotPages: 3, retries: 0 });
  });

  it("keeps readers on the old set while a new snapshot generation is being built", async () => {
    const fake = await fakeWith(1_500);
    const store = createMemoryStore();
    await mirrorOf(fake, store).mirror.sync();
    fake.selected.remove(selectedId(0));
    fake.selected.requireSnapshot();
    const seen: number[] = [];
    const { mirror } = mirrorOf(fake, store, {
      snapshotPageSize: 500,
      onProgress: (p) => {
        if (p.phase === "snapshot") void store.count().then((n) => seen.push(n));
      },
    });
    await mirror.sync();
    await Promise.resolve();
    // During the pass the current set stayed whole; afterwards it is the new one.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.slice(0, -1).every((n) => n === 1_500)).toBe(true);
    expect(await store.count()).toBe(1_499);
    await expectMirrors(store, fake);
  });

  it("restarts the pass when a page token expires mid-pass (400 invalid_cursor)", async () => {
    const fake = await fakeWith(1_200);
    const store = createMemoryStore();
    let bumped = false;
    const { mirror } = mirrorOf(fake, store, {
      snapshotPageSize: 500,
      onProgress: (p) => {
        if (p.phase === "snapshot" && !bumped) {
          bumped = true;
          fake.selected.upsert(makeSelectedItem(5_000));
          fake.selected.requireSnapshot();
        }
      },
    });
    await mirror.sync();
    const statuses = route(fake, "selectedSnapshot").map((r) => r.status);
    expect(statuses).toEqual([200, 400, 200, 200, 200]);
    await expectMirrors(store, fake);
  });

  it("resumes an interrupted pass from its saved page token", async () => {
    const fake = await fakeWith(1_200);
    const inner = createMemoryStore();
    let puts = 0;
    const failing: MirrorStore = {
      ...bind(inner),
      putSnapshotPage: async (g, page) => {
        if (++puts === 2) throw new Error("disk full");
        return inner.putSnapshotPage(g, page);
      },
    };
    await expect(mirrorOf(fake, failing, { snapshotPageSize: 500 }).mirror.sync()).rejects.toThrow(
      "disk full",
    );
    const pending = (await inner.getState()).pending;
    expect(pending).toMatchObject({ items: 500 });
    expect(pending?.nextPage).toEqual(expect.any(String));

    const before = fake.requests.length;
    await mirrorOf(fake, inner, { snapshotPageSize: 500 }).mirror.sync();
    const resumed = fake.requests.slice(before).filter((r) => r.route === "selectedSnapshot");
    // The second page again (its write had failed), then the third: not from the start.
    expect(resumed).toHaveLength(2);
    expect(resumed[0]!.query.get("page")).toBe(pending?.nextPage);
    await expectMirrors(inner, fake);
  });

  it("mirrors the minimal projection, and re-snapshots when the projection changes", async () => {
    const fake = await fakeWith(300);
    const store = createMemoryStore();
    await mirrorOf(fake, store, { fields: "minimal" }).mirror.sync();
    const one = await store.get(selectedId(1));
    expect(one).not.toHaveProperty("summary");
    expect(one?.links).toEqual({ aihot: makeSelectedItem(1).links.aihot });
    expect((await store.getState()).fields).toBe("minimal");

    const { mirror } = mirrorOf(fake, store, { fields: "default" });
    const result = await mirror.sync();
    expect(result.snapshotted).toBe(true);
    await expectMirrors(store, fake);
  });
});

describe("selected mirror: changes", () => {
  it("applies upserts and removes in ledger order; a remove of an unknown id is a no-op", async () => {
    const fake = await fakeWith(50);
    const store = createMemoryStore();
    const { mirror } = mirrorOf(fake, store);
    await mirror.sync();
    fake.selected.upsert(makeSelectedItem(1, 1));
    fake.selected.remove(selectedId(2));
    fake.selected.remove("never-in-the-set");
    fake.selected.upsert(makeSelectedItem(1, 2));
    fake.selected.upsert(makeSelectedItem(2, 7)); // back again, after its removal
    fake.selected.upsert(makeSelectedItem(60));
    fake.selected.remove(selectedId(3));
    const result = await mirror.sync();

    expect(result.snapshotted).toBe(false);
    expect((await store.get(selectedId(1)))?.title).toBe("Selected item 1 (v2)");
    expect((await store.get(selectedId(2)))?.title).toBe("Selected item 2 (v7)");
    expect(await store.get(selectedId(3))).toBeUndefined();
    expect(await store.get("never-in-the-set")).toBeUndefined();
    await expectMirrors(store, fake);
    expect(mirror.stats.changes).toBe(7);
  });

  it("drains while hasMore before it sleeps", async () => {
    const fake = await fakeWith(10);
    const store = createMemoryStore();
    const controller = new AbortController();
    const sleeps: Array<{ ms: number; changesSoFar: number }> = [];
    const mirror = createSelectedMirror({
      client: rawClient(fake),
      store,
      random: () => 0,
      sleep: async (ms) => {
        sleeps.push({ ms, changesSoFar: route(fake, "selectedChanges").length });
        controller.abort();
        throw new Error("stopped");
      },
    });
    await mirror.sync();
    const churn = createChurn(fake, { random: createPrng(5).next, firstNewId: 10 });
    churn.round(250);
    const before = route(fake, "selectedChanges").length;
    await mirror.follow({ signal: controller.signal });

    // 250 changes = 3 pages of 100, fetched back to back; the one sleep came after the last.
    const pages = route(fake, "selectedChanges").slice(before);
    expect(pages).toHaveLength(3);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]!.changesSoFar).toBe(before + 3);
    await expectMirrors(store, fake);
  });

  it("follows: waits the changes answer's s-maxage between polls and revalidates with If-None-Match", async () => {
    const fake = await fakeWith(10);
    const store = createMemoryStore();
    const controller = new AbortController();
    const waits: number[] = [];
    const mirror = createSelectedMirror({
      client: rawClient(fake),
      store,
      random: () => 0,
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 2) fake.selected.upsert(makeSelectedItem(99));
        if (waits.length === 4) controller.abort();
      },
    });
    await mirror.follow({ signal: controller.signal });
    // selectedChanges: Cache-Control public, max-age=60, s-maxage=60 → 60 s (random() = 0: no jitter).
    expect(waits).toEqual([60_000, 60_000, 60_000, 60_000]);
    const polls = route(fake, "selectedChanges");
    // Empty page (ETag kept) → 304 → the new change → empty page at the new cursor.
    expect(polls.map((r) => r.status)).toEqual([200, 304, 200, 200]);
    expect(polls[1]!.headers["if-none-match"]).toMatch(/^W\/"v1-changes-/);
    expect(await store.get(selectedId(99))).toBeDefined();
  });

  it("follows at the selected changes' cadence (60 s) when s-maxage is shorter, slower when longer", async () => {
    for (const [lifetime, expected] of [
      [1, 60_000],
      [300, 300_000],
    ] as const) {
      const fake = await startFeedFake({
        data: "empty",
        cacheControl: { selectedChanges: lifetime },
      });
      fakes.push(fake);
      const controller = new AbortController();
      const waits: number[] = [];
      const sleep = async (ms: number) => {
        if (waits.push(ms) === 2) controller.abort();
      };
      const mirror = createSelectedMirror({
        client: rawClient(fake),
        store: createMemoryStore(),
        random: () => 0,
        sleep,
      });
      await mirror.follow({ signal: controller.signal });
      expect(waits).toEqual([expected, expected]);
    }
  });

  it("re-snapshots on 409 snapshot_required, and the new generation replaces the old set", async () => {
    const fake = await fakeWith(400);
    const store = createMemoryStore();
    const { mirror } = mirrorOf(fake, store);
    await mirror.sync();
    fake.selected.remove(selectedId(10));
    fake.selected.upsert(makeSelectedItem(11, 3));
    fake.selected.requireSnapshot();
    const result = await mirror.sync();
    expect(route(fake, "selectedChanges").some((r) => r.status === 409)).toBe(true);
    expect(result.snapshotted).toBe(true);
    expect(mirror.stats).toMatchObject({ snapshots: 2, snapshotRequired: 1 });
    await expectMirrors(store, fake);
  });

  it("re-snapshots when its cursor fell off the retained ledger", async () => {
    const fake = await fakeWith(100);
    const store = createMemoryStore();
    const { mirror } = mirrorOf(fake, store);
    await mirror.sync();
    createChurn(fake, { random: createPrng(9).next, firstNewId: 100 }).round(300);
    fake.selected.trimLedger(50);
    await mirror.sync();
    expect(mirror.stats.snapshotRequired).toBe(1);
    await expectMirrors(store, fake);
  });

  it("saves the cursor only together with the applied page", async () => {
    const fake = await fakeWith(20);
    const inner = createMemoryStore();
    await mirrorOf(fake, inner).mirror.sync();
    const cursor0 = await inner.getCursor();
    createChurn(fake, { random: createPrng(2).next, firstNewId: 20 }).round(150);
    const idsBefore = await sortedIds(inner);

    // The store fails while applying the second page: as if the process died right there.
    let applies = 0;
    const failing: MirrorStore = {
      ...bind(inner),
      applyPage: async (page) => {
        if (++applies === 2) throw new Error("crash");
        return inner.applyPage(page);
      },
    };
    await expect(mirrorOf(fake, failing).mirror.sync()).rejects.toThrow("crash");
    const cursor1 = await inner.getCursor();
    expect(cursor1).not.toBe(cursor0);
    const lastRequest = route(fake, "selectedChanges").at(-1)!;
    // The cursor is the one the failed page was requested with: not advanced past unapplied changes.
    expect(lastRequest.query.get("cursor")).toBe(cursor1);
    expect(await sortedIds(inner)).not.toEqual(idsBefore);

    const before = route(fake, "selectedChanges").length;
    await mirrorOf(fake, inner).mirror.sync();
    expect(route(fake, "selectedChanges")[before]!.query.get("cursor")).toBe(cursor1);
    await expectMirrors(inner, fake);
  });

  it("lets two mirrors share one store: compare-and-set writes, the same final set", async () => {
    const fake = await fakeWith(1_000);
    const store = createMemoryStore();
    const a = mirrorOf(fake, store, { snapshotPageSize: 200 }).mirror;
    const b = mirrorOf(fake, store, { snapshotPageSize: 200 }).mirror;
    await Promise.all([a.sync(), b.sync()]);
    createChurn(fake, { random: createPrng(4).next, firstNewId: 1_000 }).round(500);
    await Promise.all([a.sync(), b.sync()]);
    await expectMirrors(store, fake);
    // Together they applied every change exactly once.
    expect(a.stats.changes + b.stats.changes).toBe(500);
  });
});

describe("selected mirror: failures", () => {
  it("the client's transport retries transient failures, never sooner than Retry-After", async () => {
    const fake = await fakeWith(30);
    const store = createMemoryStore();
    fake.faults.add({
      route: "selectedSnapshot",
      fault: { type: "status", status: 503, retryAfter: null, retryAfterMs: 7_000 },
      times: 1,
    });
    fake.faults.add({
      route: "selectedChanges",
      fault: { type: "status", status: 500, retryAfter: null },
      times: 2,
    });
    const { mirror, waits } = mirrorOf(fake, store, {}, 2);
    await mirror.sync();
    // 503 asked for 7 s (longer than the backoff); the 500s back off 100 ms, then 200 ms.
    expect(waits).toEqual([7_000, 100, 200]);
    expect(mirror.stats.retries).toBe(3);
    await expectMirrors(store, fake);
  });

  it("one page costs at most maxRetries + 1 requests, then fails typed", async () => {
    const fake = await fakeWith(5);
    fake.faults.add({
      route: "selectedSnapshot",
      fault: { type: "status", status: 429, retryAfter: null, retryAfterMs: 10 },
    });
    const { mirror } = mirrorOf(fake, createMemoryStore(), {}, 2);
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      kind: "rate_limited",
      status: 429,
      retryAfterMs: 10,
      attempts: 3,
    });
    expect(route(fake, "selectedSnapshot")).toHaveLength(3);
  });

  it("refuses out-of-range options instead of clamping them", () => {
    const fake = { url: "http://127.0.0.1:9" } as FeedFake;
    for (const bad of [
      { snapshotPageSize: 0 },
      { snapshotPageSize: 1001 },
      { changesPageSize: 2.5 },
      { maxSnapshots: 0 },
      { maxPages: -1 },
      { jitter: 2 },
      { retryBaseDelayMs: Number.NaN },
      { retryBaseDelayMs: 50, retryMaxDelayMs: 10 },
    ]) {
      const error = (() => {
        try {
          mirrorOf(fake, createMemoryStore(), bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error, JSON.stringify(bad)).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).option).toBe(Object.keys(bad).at(-1));
    }
    expect(MIRROR_DEFAULTS).toMatchObject({
      snapshotPageSize: 1000,
      changesPageSize: 100,
      maxSnapshots: 3,
    });
  });

  it("does not retry what cannot succeed", async () => {
    const fake = await fakeWith(5);
    fake.faults.add({
      route: "selectedSnapshot",
      fault: {
        type: "body",
        status: 403,
        body: "<html>forbidden</html>",
        headers: { "content-type": "text/html" },
      },
    });
    const { mirror } = mirrorOf(fake, createMemoryStore());
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "permission_denied", status: 403 });
    expect(route(fake, "selectedSnapshot")).toHaveLength(1);
  });

  it("never stores an answer that is not the promised shape; the next sync completes", async () => {
    const fake = await fakeWith(5);
    fake.faults.add({
      route: "selectedSnapshot",
      fault: { type: "body", status: 200, body: { items: "nope" } },
      times: 1,
    });
    const store = createMemoryStore();
    const { mirror } = mirrorOf(fake, store);
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid_response" });
    expect(await store.count()).toBe(0);
    await mirror.sync();
    await expectMirrors(store, fake);
  });

  it("follow keeps going through lasting trouble, waiting at least Retry-After", async () => {
    const fake = await fakeWith(5);
    const store = createMemoryStore();
    const controller = new AbortController();
    fake.faults.add({
      route: "selectedChanges",
      fault: { type: "status", status: 429, retryAfter: null, retryAfterMs: 45_000 },
      times: 2,
    });
    const waits: number[] = [];
    const mirror = createSelectedMirror({
      client: rawClient(fake),
      store,
      retryBaseDelayMs: 10,
      random: () => 0,
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 3) controller.abort();
      },
    });
    await mirror.follow({ signal: controller.signal });
    expect(waits).toEqual([45_000, 45_000, 60_000]);
    await expectMirrors(store, fake);
  });

  it("stops promptly on abort: sync rejects with kind aborted, follow resolves", async () => {
    const fake = await fakeWith(5);
    const controller = new AbortController();
    controller.abort();
    const { mirror } = mirrorOf(fake, createMemoryStore());
    const error = await mirror.sync({ signal: controller.signal }).catch((e: unknown) => e);
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(fake.requests).toHaveLength(0);

    // follow with the default (real) sleep: the 60 s wait ends as soon as the signal fires.
    const live = new AbortController();
    const follower = createSelectedMirror({ client: rawClient(fake), store: createMemoryStore() });
    const started = performance.now();
    const running = follower.follow({ signal: live.signal });
    await new Promise((r) => setTimeout(r, 100));
    live.abort();
    await expect(running).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("runs one sync or follow at a time", async () => {
    const fake = await fakeWith(5);
    const { mirror } = mirrorOf(fake, createMemoryStore());
    const first = mirror.sync();
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid_request", code: "mirror_busy" });
    await first;
  });

  it("validates its page sizes", () => {
    const client = createFeedClient({ baseUrl: "http://127.0.0.1:9" });
    expect(() =>
      createSelectedMirror({ client, store: createMemoryStore(), snapshotPageSize: 1001 }),
    ).toThrow(/snapshotPageSize/);
    expect(() =>
      createSelectedMirror({ client, store: createMemoryStore(), changesPageSize: 0 }),
    ).toThrow(/changesPageSize/);
    expect(() =>
      createSelectedMirror({ client: {} as FeedClient, store: createMemoryStore() }),
    ).toThrow(/client: a feed client/);
  });
});

/** The store's methods bound to it, so a test can replace one of them. */
function bind(store: MirrorStore): MirrorStore {
  return {
    getState: () => store.getState(),
    getCursor: () => store.getCursor(),
    beginSnapshot: (f) => store.beginSnapshot(f),
    putSnapshotPage: (g, p) => store.putSnapshotPage(g, p),
    commitSnapshot: (g) => store.commitSnapshot(g),
    applyPage: (p) => store.applyPage(p),
    get: (id) => store.get(id),
    ids: () => store.ids(),
    entries: () => store.entries(),
    count: () => store.count(),
    close: () => store.close(),
  };
}

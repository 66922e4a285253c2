import { describe, expect, it } from "vitest";
import type { SelectedItem } from "../../src/index.js";
import { asRecord, feedGet } from "../support/http.js";
import { eachFeedFake, mockServers } from "../support/servers.js";

const servers = mockServers();

const fx = eachFeedFake(servers);

interface Snapshot {
  asOf: string;
  fields: string;
  cursor: string;
  count: number;
  hasMore: boolean;
  nextPage: string | null;
  items: Array<Record<string, unknown> & { id: string }>;
}
interface Changes {
  fields: string;
  cursor: string;
  count: number;
  hasMore: boolean;
  changes: Array<
    | { op: "upsert"; item: SelectedItem; changedAt: string }
    | { op: "remove"; id: string; changedAt: string }
  >;
}

async function snapshot(query: string): Promise<Snapshot> {
  const answer = await feedGet(
    fx.fake.url,
    `/api/v1/selected/snapshot${query}`,
    "selectedSnapshot",
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Snapshot;
}

async function changes(cursor: string, limit?: number): Promise<Changes> {
  const q = new URLSearchParams({ cursor, ...(limit ? { limit: String(limit) } : {}) });
  const answer = await feedGet(fx.fake.url, `/api/v1/selected/changes?${q}`, "selectedChanges");
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Changes;
}

/** A bounded mirror: snapshot all pages, then drain changes. */
async function mirror(
  fields = "default",
  limit = 4,
): Promise<{ set: Map<string, unknown>; cursor: string; pages: number }> {
  const set = new Map<string, unknown>();
  let body = await snapshot(`?limit=${limit}&fields=${fields}`);
  const cursor = body.cursor;
  let pages = 1;
  for (;;) {
    expect(body.cursor).toBe(cursor);
    for (const item of body.items) set.set(item.id, item);
    if (!body.nextPage || pages > 100) break;
    body = await snapshot(`?limit=${limit}&page=${encodeURIComponent(body.nextPage)}`);
    pages++;
  }
  return { set, cursor, pages };
}

async function drain(set: Map<string, unknown>, cursor: string, limit = 3): Promise<string> {
  let current = cursor;
  for (let n = 0; n < 200; n++) {
    const page = await changes(current, limit);
    for (const change of page.changes) {
      if (change.op === "upsert") set.set(change.item.id, change.item);
      else set.delete(change.id);
    }
    current = page.cursor;
    if (!page.hasMore) return current;
  }
  throw new Error("changes never drained");
}

describe("selected snapshot and changes", () => {
  it("pages the snapshot with one sync cursor on every page and ends equal to the truth", async () => {
    const { set, pages } = await mirror();
    expect(pages).toBeGreaterThan(3);
    expect([...set.keys()]).toEqual(fx.fake.selected.truth().map((i) => i.id));
  });

  it("strips items to ItemMinimal with fields=minimal, and keeps fields from the token on continuation pages", async () => {
    const first = await snapshot("?limit=2&fields=minimal");
    expect(first.fields).toBe("minimal");
    expect(Object.keys(first.items[0] ?? {})).toEqual([
      "id",
      "title",
      "source",
      "publishedAt",
      "discoveredAt",
      "category",
      "score",
      "selected",
      "links",
    ]);
    const next = await snapshot(`?page=${encodeURIComponent(first.nextPage ?? "")}`);
    expect(next.fields).toBe("minimal");
    expect(next.asOf).toBe(first.asOf);
    const clash = await feedGet(
      fx.fake.url,
      `/api/v1/selected/snapshot?fields=default&page=${encodeURIComponent(first.nextPage ?? "")}`,
      "selectedSnapshot",
    );
    expect(clash.status).toBe(400);
    expect(asRecord(clash.json)["code"]).toBe("invalid_cursor");
    const same = await feedGet(
      fx.fake.url,
      `/api/v1/selected/snapshot?fields=minimal&page=${encodeURIComponent(first.nextPage ?? "")}`,
      "selectedSnapshot",
    );
    expect(same.status).toBe(200);
  });

  it("reads a consistent pass even while the ledger changes between pages, and changes then catch up", async () => {
    const first = await snapshot("?limit=3");
    const set = new Map<string, unknown>(first.items.map((i) => [i.id, i]));
    const truthBefore = fx.fake.selected.truth();
    const victim = truthBefore[truthBefore.length - 1] as SelectedItem;
    fx.fake.selected.remove(victim.id);
    fx.fake.selected.upsert({ ...victim, id: "zzz-new" });
    let body = first;
    for (let n = 0; body.nextPage && n < 50; n++) {
      body = await snapshot(`?limit=3&page=${encodeURIComponent(body.nextPage)}`);
      expect(body.cursor).toBe(first.cursor);
      for (const item of body.items) set.set(item.id, item);
    }
    expect([...set.keys()]).toEqual(truthBefore.map((i) => i.id));
    await drain(set, first.cursor);
    expect([...set.keys()].sort()).toEqual(fx.fake.selected.truth().map((i) => i.id));
  });

  it("answers the ledger in order with hasMore/nextCursor, and an unchanged cursor when nothing is new", async () => {
    const { set, cursor } = await mirror();
    fx.fake.selected.upsert({ ...(fx.fake.selected.truth()[0] as SelectedItem), title: "changed" });
    fx.fake.selected.remove("never-had-this");
    fx.fake.selected.remove((fx.fake.selected.truth()[1] as SelectedItem).id);
    const page1 = await changes(cursor, 2);
    expect(page1.changes.map((c) => c.op)).toEqual(["upsert", "remove"]);
    expect(page1.hasMore).toBe(true);
    const page2 = await changes(page1.cursor, 2);
    expect(page2.changes.map((c) => c.op)).toEqual(["remove"]);
    expect(page2.hasMore).toBe(false);
    const empty = await changes(page2.cursor);
    expect(empty).toMatchObject({ count: 0, hasMore: false, cursor: page2.cursor, changes: [] });
    for (const c of [...page1.changes, ...page2.changes]) {
      if (c.op === "upsert") set.set(c.item.id, c.item);
      else set.delete(c.id);
    }
    expect([...set.keys()].sort()).toEqual(fx.fake.selected.truth().map((i) => i.id));
  });

  it("mirrors to the truth through heavy churn, in minimal form too", async () => {
    for (const fields of ["default", "minimal"]) {
      const { set, cursor } = await mirror(fields, 7);
      for (let k = 0; k < 40; k++) {
        const truth = fx.fake.selected.truth();
        const pick = truth[k % Math.max(1, truth.length)];
        if (k % 3 === 2 && pick) fx.fake.selected.remove(pick.id);
        else
          fx.fake.selected.upsert({
            ...(pick ?? (fx.fake.items.list()[0] as SelectedItem)),
            id: `churn-${fields}-${k}`,
            selected: true,
          });
      }
      await drain(set, cursor, 9);
      expect([...set.keys()].sort()).toEqual(fx.fake.selected.truth().map((i) => i.id));
    }
  });

  /** The status of a changes request from `cursor`, with any other query first. */
  const changesStatus = async (cursor: string, query = "") =>
    (
      await feedGet(
        fx.fake.url,
        `/api/v1/selected/changes?${query}cursor=${encodeURIComponent(cursor)}`,
        "selectedChanges",
      )
    ).status;

  it("answers 409 snapshot_required for a missing, empty, foreign or future cursor, and after requireSnapshot()", async () => {
    const { cursor } = await mirror();
    const nextPage = (await snapshot("?limit=2")).nextPage ?? "";
    for (const path of [
      "/api/v1/selected/changes",
      "/api/v1/selected/changes?cursor=",
      "/api/v1/selected/changes?cursor=ax1.garbage",
      `/api/v1/selected/changes?cursor=${encodeURIComponent(nextPage)}`,
      `/api/v1/selected/changes?cursor=ax1.${Buffer.from(JSON.stringify({ k: "sync", e: 1, w: 10_000, f: "default" })).toString("base64url")}`,
    ]) {
      const answer = await feedGet(fx.fake.url, path, "selectedChanges");
      expect(answer.status, path).toBe(409);
      expect(asRecord(answer.json)).toMatchObject({
        code: "snapshot_required",
        title: "Snapshot required",
      });
    }
    expect(await changesStatus(cursor)).toBe(200);
    fx.fake.selected.requireSnapshot();
    expect(await changesStatus(cursor)).toBe(409);
    const stalePage = await feedGet(
      fx.fake.url,
      `/api/v1/selected/snapshot?page=${encodeURIComponent(nextPage)}`,
      "selectedSnapshot",
    );
    expect(stalePage.status).toBe(400);
    expect(asRecord(stalePage.json)["code"]).toBe("invalid_cursor");
    const fresh = await mirror();
    expect(await changesStatus(fresh.cursor)).toBe(200);
  });

  it("answers 409 for cursors older than the retained ledger after trimLedger()", async () => {
    const { cursor } = await mirror();
    fx.fake.selected.upsert({ ...(fx.fake.selected.truth()[0] as SelectedItem), title: "a" });
    fx.fake.selected.upsert({ ...(fx.fake.selected.truth()[0] as SelectedItem), title: "b" });
    fx.fake.selected.trimLedger(1);
    expect(await changesStatus(cursor)).toBe(409);
    const { set, cursor: fresh } = await mirror();
    expect([...set.keys()]).toEqual(fx.fake.selected.truth().map((i) => i.id));
    expect((await changes(fresh)).count).toBe(0);
  });

  it("validates fields, limit and page", async () => {
    for (const q of [
      "?fields=full",
      "?limit=0",
      "?limit=1001",
      "?page=",
      "?page=ax1.e30",
      "?x=1",
    ]) {
      const answer = await feedGet(
        fx.fake.url,
        `/api/v1/selected/snapshot${q}`,
        "selectedSnapshot",
      );
      expect(answer.status, q).toBe(400);
    }
    const { cursor } = await mirror();
    expect(await changesStatus(cursor, "limit=101&")).toBe(400);
  });
});

import { spawn } from "node:child_process";
import {
  appendFile,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStore, type MirrorStore, type SelectedItem } from "../../src/mirror/index.js";
import { openFileStore, StoreLockedError } from "../../src/node/index.js";

const item = (id: string, title = `title ${id}`) => ({ id, title }) as unknown as SelectedItem;
const titles = async (store: MirrorStore) =>
  Object.fromEntries((await store.entries()).map((i) => [i.id, i.title])) as Record<string, string>;

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "feedgate-store-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A committed snapshot of `ids` at cursor `c0`. */
async function seed(store: MirrorStore, ids: string[], cursor = "c0"): Promise<void> {
  const g = await store.beginSnapshot("default");
  expect(
    await store.putSnapshotPage(g, { items: ids.map((id) => item(id)), cursor, nextPage: null }),
  ).toBe(true);
  expect(await store.commitSnapshot(g)).toBe(true);
}

/** One changes page from `expectedCursor` to `cursor` that upserts (or removes) one id. */
const upsert = (store: MirrorStore, expectedCursor: string, cursor: string, id: string) =>
  store.applyPage({ expectedCursor, cursor, changes: [{ op: "upsert", item: item(id) }] });
const remove = (store: MirrorStore, expectedCursor: string, cursor: string, id: string) =>
  store.applyPage({ expectedCursor, cursor, changes: [{ op: "remove", id }] });

/** A closed file store's directory: `a` at c0, then each of `ids` upserted (c0 → c1, c1 → c2...). */
async function journalOf(ids: string[]): Promise<string> {
  const dir = await tempDir();
  const store = await openFileStore(dir);
  await seed(store, ["a"]);
  for (const [k, id] of ids.entries()) await upsert(store, `c${k}`, `c${k + 1}`, id);
  await store.close();
  return dir;
}

const stores: Array<[string, () => Promise<MirrorStore>]> = [
  ["memory store", async () => createMemoryStore()],
  ["file store", async () => openFileStore(await tempDir())],
];

describe.each(stores)("%s: the MirrorStore contract", (_name, make) => {
  it("starts empty, without a cursor", async () => {
    const store = await make();
    expect(await store.getState()).toEqual({
      cursor: undefined,
      fields: undefined,
      generation: 0,
      pending: undefined,
    });
    expect(await store.count()).toBe(0);
    await store.close();
  });

  it("keeps a snapshot generation invisible until it is committed", async () => {
    const store = await make();
    await seed(store, ["a", "b"]);
    const g = await store.beginSnapshot("default");
    expect(
      await store.putSnapshotPage(g, { items: [item("x")], cursor: "c9", nextPage: "p2" }),
    ).toBe(true);
    expect((await store.ids()).sort()).toEqual(["a", "b"]);
    expect(await store.getCursor()).toBe("c0");
    expect((await store.getState()).pending).toEqual({
      generation: g,
      fields: "default",
      cursor: "c9",
      nextPage: "p2",
      items: 1,
    });
    // Not complete yet (a nextPage is outstanding): the commit is refused.
    expect(await store.commitSnapshot(g)).toBe(false);
    expect(
      await store.putSnapshotPage(g, { items: [item("y")], cursor: "c9", nextPage: null }),
    ).toBe(true);
    expect(await store.commitSnapshot(g)).toBe(true);
    expect((await store.ids()).sort()).toEqual(["x", "y"]);
    expect(await store.getState()).toMatchObject({
      cursor: "c9",
      generation: g,
      pending: undefined,
    });
    await store.close();
  });

  it("refuses pages of a pass whose cursor changed, and of a superseded generation", async () => {
    const store = await make();
    const g1 = await store.beginSnapshot("default");
    expect(
      await store.putSnapshotPage(g1, { items: [item("a")], cursor: "c1", nextPage: "p" }),
    ).toBe(true);
    expect(
      await store.putSnapshotPage(g1, { items: [item("b")], cursor: "c2", nextPage: null }),
    ).toBe(false);
    const g2 = await store.beginSnapshot("minimal");
    expect(g2).toBeGreaterThan(g1);
    expect(
      await store.putSnapshotPage(g1, { items: [item("b")], cursor: "c1", nextPage: null }),
    ).toBe(false);
    expect(await store.commitSnapshot(g1)).toBe(false);
    expect((await store.getState()).pending?.generation).toBe(g2);
    await store.close();
  });

  it("applies upserts and removes in order with the cursor, and a remove of an unknown id is a no-op", async () => {
    const store = await make();
    await seed(store, ["a", "b"]);
    const ok = await store.applyPage({
      expectedCursor: "c0",
      cursor: "c1",
      changes: [
        { op: "upsert", item: item("c") },
        { op: "remove", id: "a" },
        { op: "remove", id: "never-seen" },
        { op: "upsert", item: item("b", "b v2") },
        { op: "upsert", item: item("a", "a again") },
        { op: "remove", id: "c" },
      ],
    });
    expect(ok).toBe(true);
    expect(await titles(store)).toEqual({ a: "a again", b: "b v2" });
    expect(await store.getCursor()).toBe("c1");
    expect(await store.count()).toBe(2);
    expect((await store.get("b"))?.title).toBe("b v2");
    expect(await store.get("c")).toBeUndefined();
    await store.close();
  });

  it("is a compare-and-set on the cursor: a stale page changes nothing", async () => {
    const store = await make();
    await seed(store, ["a"]);
    expect(await upsert(store, "c0", "c1", "b")).toBe(true);
    expect(await remove(store, "c0", "c5", "a")).toBe(false);
    expect((await store.ids()).sort()).toEqual(["a", "b"]);
    expect(await store.getCursor()).toBe("c1");
    await store.close();
  });

  it("refuses change pages before any snapshot", async () => {
    const store = await make();
    expect(await store.applyPage({ expectedCursor: "c0", cursor: "c1", changes: [] })).toBe(false);
    await store.close();
  });

  it("fails every call after close", async () => {
    const store = await make();
    await store.close();
    await expect(store.beginSnapshot("default")).rejects.toThrow(/closed/);
  });
});

describe("file store: durability", () => {
  it("reopens with exactly the state it had", async () => {
    const dir = await tempDir();
    const store = await openFileStore(dir);
    await seed(store, ["a", "b", "c"]);
    await store.applyPage({
      expectedCursor: "c0",
      cursor: "c1",
      changes: [
        { op: "remove", id: "b" },
        { op: "upsert", item: item("d") },
      ],
    });
    const g = await store.beginSnapshot("minimal");
    await store.putSnapshotPage(g, { items: [item("m")], cursor: "c7", nextPage: "next-token" });
    await store.close();

    const again = await openFileStore(dir);
    expect((await again.ids()).sort()).toEqual(["a", "c", "d"]);
    expect(await again.getState()).toEqual({
      cursor: "c1",
      fields: "default",
      generation: 1,
      pending: { generation: g, fields: "minimal", cursor: "c7", nextPage: "next-token", items: 1 },
    });
    expect(again.recovery).toMatchObject({ sequence: 0, replayed: 6, discardedBytes: 0 }); // begin, page, commit, page, begin, page
    await again.close();
  });

  it("discards a torn last line, keeping every complete write", async () => {
    const dir = await journalOf(["b"]);
    // A write cut short by kill -9: half a line, no newline.
    await appendFile(
      join(dir, "journal-0.log"),
      '0123456789abcdef {"t":"page","e":"c1","c":"c2","ops":[{"op":"rem',
    );
    const before = (await stat(join(dir, "journal-0.log"))).size;

    const again = await openFileStore(dir);
    expect(again.recovery.discardedBytes).toBeGreaterThan(0);
    expect((await again.ids()).sort()).toEqual(["a", "b"]);
    expect(await again.getCursor()).toBe("c1");
    // The tail was cut off the file, so new lines do not follow garbage.
    expect((await stat(join(dir, "journal-0.log"))).size).toBe(
      before - again.recovery.discardedBytes,
    );
    expect(await remove(again, "c1", "c2", "a")).toBe(true);
    await again.close();
    const third = await openFileStore(dir);
    expect(await third.ids()).toEqual(["b"]);
    expect(third.recovery.discardedBytes).toBe(0);
    await third.close();
  });

  it("a line whose checksum does not match, with valid records after it, is reported, not cut", async () => {
    const dir = await journalOf(["b", "c"]);
    const path = join(dir, "journal-0.log");
    const lines = (await readFile(path, "utf8")).split("\n");
    // Flip one character inside the fourth record (the first change page); the fifth stays valid.
    lines[3] = lines[3]!.replace('"b"', '"B"');
    await writeFile(path, lines.join("\n"));
    const offset = Buffer.byteLength(`${lines.slice(0, 3).join("\n")}\n`);
    await expect(openFileStore(dir)).rejects.toMatchObject({
      name: "StoreCorruptError",
      file: path,
      offset,
    });
  });

  it("a damaged last line (a crash mid-append) is dropped, keeping the consistent prefix", async () => {
    const dir = await tempDir();
    const store = await openFileStore(dir);
    await seed(store, ["a"]);
    await upsert(store, "c0", "c1", "b");
    await store.close();
    const path = join(dir, "journal-0.log");
    const lines = (await readFile(path, "utf8")).split("\n");
    lines[3] = lines[3]!.replace('"b"', '"B"');
    await writeFile(path, lines.join("\n"));
    const again = await openFileStore(dir);
    expect(await again.ids()).toEqual(["a"]);
    expect(await again.getCursor()).toBe("c0");
    await again.close();
  });

  it("compacts into a new snapshot file atomically and replays the same state", async () => {
    const dir = await tempDir();
    const store = await openFileStore(dir, { compactAfterBytes: 2048 });
    await seed(
      store,
      Array.from({ length: 30 }, (_, i) => `id-${i}`),
    );
    let cursor = "c0";
    for (let n = 1; n <= 40; n++) {
      const next = `c${n}`;
      expect(
        await store.applyPage({
          expectedCursor: cursor,
          cursor: next,
          changes: [
            { op: "remove", id: `id-${n}` },
            { op: "upsert", item: item(`new-${n}`) },
          ],
        }),
      ).toBe(true);
      cursor = next;
    }
    const expected = (await store.ids()).sort();
    const names = await readdir(dir);
    expect(names.filter((n) => n.startsWith("snapshot-"))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith("journal-"))).toHaveLength(1);
    expect(names.some((n) => n.endsWith(".tmp"))).toBe(false);
    await store.close();

    const again = await openFileStore(dir, { compactAfterBytes: 2048 });
    expect(again.recovery.sequence).toBeGreaterThan(0);
    expect((await again.ids()).sort()).toEqual(expected);
    expect(await again.getCursor()).toBe("c40");
    await again.compact();
    await again.close();
    const third = await openFileStore(dir);
    expect((await third.ids()).sort()).toEqual(expected);
    expect(third.recovery.replayed).toBe(0);
    await third.close();
  });

  it("ignores a leftover temp file and a superseded pair from an interrupted compaction", async () => {
    const dir = await tempDir();
    const store = await openFileStore(dir);
    await seed(store, ["a", "b"]);
    await store.compact();
    await remove(store, "c0", "c1", "a");
    await store.close();
    // As if killed mid-compaction: a half-written temp snapshot of the next sequence, and the
    // pair of the previous sequence not yet deleted.
    await writeFile(join(dir, "snapshot-2.json.123.tmp"), "FEEDGATE-MIRROR-SNAPSHOT 1 000 9\n{");
    await writeFile(join(dir, "journal-0.log"), "stale");
    const again = await openFileStore(dir);
    expect(await again.ids()).toEqual(["b"]);
    expect((await readdir(dir)).sort()).toEqual(["LOCK", "journal-1.log", "snapshot-1.json"]);
    await again.close();
  });

  it("refuses to open a damaged snapshot file rather than starting over silently", async () => {
    const dir = await tempDir();
    const store = await openFileStore(dir);
    await seed(store, ["a"]);
    await store.compact();
    await store.close();
    await truncate(join(dir, "snapshot-1.json"), 40);
    await expect(openFileStore(dir)).rejects.toThrow(/damaged/);
  });

  it("is locked against a second live process, and takes over the lock of a dead one", async () => {
    const dir = await tempDir();
    // A live process that is not us.
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], {
      stdio: "ignore",
    });
    try {
      await writeFile(join(dir, "LOCK"), String(live.pid));
      await expect(openFileStore(dir)).rejects.toBeInstanceOf(StoreLockedError);
    } finally {
      live.kill("SIGKILL");
      await new Promise((resolve) => live.once("exit", resolve));
    }
    // Now dead (and reaped): its lock is stale.
    const store = await openFileStore(dir);
    expect(await readFile(join(dir, "LOCK"), "utf8")).toBe(String(process.pid));
    await store.close();
    expect(await readdir(dir)).not.toContain("LOCK");
  });
});

import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import {
  mkdtemp,
  open,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  truncate,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { MirrorStore, SelectedItem } from "../../src/mirror/index.js";
import {
  openFileStore,
  readFileStore,
  StoreCorruptError,
  UnsafeStoreFileError,
} from "../../src/node/index.js";

const DIST = fileURLToPath(new URL("../../dist/node/index.js", import.meta.url));
const run = promisify(execFile);
const item = (id: string) => ({ id, title: `title ${id}` }) as unknown as SelectedItem;
const dirs: string[] = [];
/** On tmpfs where there is one: 200,000 files are created and removed there in about a second each. */
const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(base, "feedgate-hostile-store-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}, 60_000);

async function seed(store: MirrorStore, ids: string[]): Promise<void> {
  const g = await store.beginSnapshot("default");
  await store.putSnapshotPage(g, { items: ids.map(item), cursor: "c0", nextPage: null });
  await store.commitSnapshot(g);
}

/** The first change page after `seed`: one upsert. */
const upsertAfterSeed = (store: MirrorStore, one: SelectedItem) =>
  store.applyPage({ changes: [{ op: "upsert", item: one }], expectedCursor: "c0", cursor: "c1" });

/** A directory an attacker prepared: a real store, then `plant` applied to it. */
async function prepared(plant: (dir: string) => Promise<void>): Promise<string> {
  const dir = await tempDir();
  const store = await openFileStore(dir, { fsync: false });
  await seed(store, ["a", "b"]);
  await store.close();
  await plant(dir);
  return dir;
}

describe("a local copy is read as untrusted input", () => {
  it("a journal symlink out of the directory is never followed: the writer refuses, the user's file is untouched", async () => {
    const victim = join(await tempDir(), "precious.txt");
    await writeFile(victim, "the user's own file\n");
    const dir = await prepared(async (d) => {
      for (const name of await readdir(d)) if (name.startsWith("journal-")) await rm(join(d, name));
      await symlink(victim, join(d, "journal-0.log"));
    });
    await expect(openFileStore(dir, { fsync: false })).rejects.toBeInstanceOf(UnsafeStoreFileError);
    await expect(readFileStore(dir)).rejects.toBeInstanceOf(UnsafeStoreFileError);
    expect(await readFile(victim, "utf8")).toBe("the user's own file\n");
  });

  it("a snapshot that is a symlink to /dev/zero is refused at once, without reading it", async () => {
    const dir = await prepared(async (d) => {
      await symlink("/dev/zero", join(d, "snapshot-7.json"));
    });
    const before = process.memoryUsage().rss;
    await expect(readFileStore(dir)).rejects.toBeInstanceOf(UnsafeStoreFileError);
    await expect(openFileStore(dir, { fsync: false })).rejects.toBeInstanceOf(UnsafeStoreFileError);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });

  it("a FIFO in place of the journal is refused, never waited on", async () => {
    const dir = await prepared(async (d) => {
      for (const name of await readdir(d)) if (name.startsWith("journal-")) await rm(join(d, name));
      const names = await readdir(d);
      const sequence =
        names.map((n) => /^snapshot-(\d+)\.json$/.exec(n)?.[1]).find((s) => s !== undefined) ?? "0";
      execFileSync("mkfifo", [join(d, `journal-${sequence}.log`)]);
    });
    await expect(readFileStore(dir)).rejects.toThrow(/FIFO/);
    await expect(openFileStore(dir, { fsync: false })).rejects.toThrow(/FIFO/);
  });

  it("a damaged journal (a bad line with valid records after it) is reported by the reader as by the writer", async () => {
    const dir = await tempDir();
    const store = await openFileStore(dir, { fsync: false });
    await seed(store, ["a"]);
    expect(await upsertAfterSeed(store, item("b"))).toBe(true);
    await store.close();
    const journal = (await readdir(dir)).find((n) => n.startsWith("journal-"))!;
    const lines = (await readFile(join(dir, journal), "utf8")).split("\n").filter(Boolean);
    // Garble a line that is followed by a valid one.
    const garbled = [lines[0]!.replace(/.$/, "#"), ...lines.slice(1), ...lines.slice(0, 1)];
    await writeFile(join(dir, journal), `${garbled.join("\n")}\n`);
    await expect(openFileStore(dir, { fsync: false })).rejects.toBeInstanceOf(StoreCorruptError);
    await expect(readFileStore(dir)).rejects.toBeInstanceOf(StoreCorruptError);
  });

  it("survives 200,000 other files in the directory", async () => {
    const dir = await prepared(async (d) => {
      // One shell pipeline creates them: fast, and bounded.
      execFileSync("sh", ["-c", `cd "${d}" && seq 1 200000 | sed 's/^/x-/' | xargs touch`]);
    });
    const view = await readFileStore(dir);
    expect(view.count).toBe(2);
  }, 60_000);
});

describe("a journal far over any size a store writes (issue 33, item 4)", () => {
  it("is refused after one stat by the writer and the reader, never read whole", async () => {
    const dir = await mkdtemp(join(tmpdir(), "feedgate-sparse-"));
    try {
      const handle = await open(join(dir, "journal-0.log"), "w");
      await handle.truncate(2 ** 30 + 1); // sparse: no disk used
      await handle.close();
      const before = process.memoryUsage().rss;
      await expect(openFileStore(dir)).rejects.toThrow(/over the 1073741824 bytes/);
      await expect(readFileStore(dir)).rejects.toThrow(/over the 1073741824 bytes/);
      expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("one under that, records then a sparse hole, is streamed: every record read, memory bounded, the hole cut as a torn tail", async () => {
    // A child process (the built package) reads it, so its peak memory is its own to measure.
    expect(existsSync(DIST), "build @feedgate/kit first (dist/node/index.js)").toBe(true);
    const dir = await prepared(async (d) => {
      const journal = (await readdir(d)).find((n) => n.startsWith("journal-"))!;
      await truncate(join(d, journal), 2 ** 30 - 2 ** 20); // sparse: no disk used
    });
    const script = `
      const { openFileStore, readFileStore } = await import(process.argv[1]);
      const view = await readFileStore(process.argv[2]);
      const store = await openFileStore(process.argv[2], { fsync: false });
      const ids = await store.ids();
      await store.close();
      // VmHWM: this process's own peak (maxRSS would count the parent's, kept across exec).
      const { readFileSync } = await import("node:fs");
      const status = readFileSync("/proc/self/status", "utf8");
      const peakKiB = Number(/VmHWM:\\s*(\\d+)/.exec(status)?.[1] ?? process.resourceUsage().maxRSS);
      console.log(JSON.stringify({ read: view.count, ids, recovery: store.recovery, peakKiB }));`;
    const { stdout } = await run(process.execPath, [
      "--input-type=module",
      "-e",
      script,
      DIST,
      dir,
    ]);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ read: 2, ids: ["a", "b"] });
    expect(result.recovery.discardedBytes).toBeGreaterThan(2 ** 29);
    // Node itself takes about 50 MiB; reading the gigabyte whole took over 1 GiB.
    expect(result.peakKiB * 1024, stdout).toBeLessThan(160 * 1024 * 1024);
    expect(
      (await stat(join(dir, (await readdir(dir)).find((n) => n.startsWith("journal-"))!))).size,
    ).toBeLessThan(2 ** 20);
  }, 60_000);

  it("a record over the 64 MiB a journal line may hold is refused before writing; the store goes on", async () => {
    const dir = await tempDir();
    const store = await openFileStore(dir, { fsync: false });
    await seed(store, ["a"]);
    const huge = { id: "huge", title: "x".repeat(64 * 1024 * 1024) } as unknown as SelectedItem;
    await expect(upsertAfterSeed(store, huge)).rejects.toThrow(
      /over the 67108864 bytes a store writes/,
    );
    expect(await upsertAfterSeed(store, item("b"))).toBe(true);
    await store.close();
    expect((await readFileStore(dir)).count).toBe(2);
  });
});

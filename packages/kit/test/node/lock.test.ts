import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFileStore, StoreCorruptError } from "../../src/node/index.js";

const NODE_ENTRY = fileURLToPath(new URL("../../dist/node/index.js", import.meta.url));

/**
 * One contender: for each trial it is sent (a line: the store's folder and an instant), it opens
 * the store (taking its lock), proves it alone holds it by creating HOLDING exclusively, keeps it
 * a moment, and lets go. Prints what happened, one line per trial. One process runs every trial
 * of a test: a process per trial and contender (56 Node starts) was most of this file's CPU time.
 */
const CONTENDER = `
const { openFileStore, StoreLockedError } = await import(process.argv[1]);
const { writeFile, rm } = await import("node:fs/promises");
const { createInterface } = await import("node:readline");
async function trial(dir, startAt) {
  // A barrier: every contender opens at the same instant, or they would not race at all.
  while (Date.now() < startAt - 5) await new Promise((r) => setTimeout(r, 1));
  while (Date.now() < startAt);
  let store;
  try { store = await openFileStore(dir, { fsync: false }); }
  catch (e) { if (e instanceof StoreLockedError) return "locked"; throw e; }
  try { await writeFile(dir + "/HOLDING", String(process.pid), { flag: "wx" }); }
  catch { await store.close(); return "DOUBLE"; }
  await new Promise((r) => setTimeout(r, 20));
  await rm(dir + "/HOLDING");
  await store.close();
  return "held";
}
console.log("ready");
for await (const line of createInterface({ input: process.stdin })) {
  const [dir, startAt] = JSON.parse(line);
  const outcome = await trial(dir, startAt).catch((e) => "error " + String(e?.message ?? e));
  console.log(outcome.replaceAll("\\n", " "));
}
`;

/** A contender process: `next(dir, startAt)` runs one trial and gives what it printed. */
async function startContender() {
  const child = spawn(process.execPath, ["--input-type=module", "-e", CONTENDER, NODE_ENTRY], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const nextLine = async () => {
    const { value, done } = await lines.next();
    return done ? "exited" : String(value).trim();
  };
  expect(await nextLine()).toBe("ready");
  return {
    next(dir: string, startAt: number) {
      child.stdin!.write(`${JSON.stringify([dir, startAt])}\n`);
      return nextLine();
    },
    async stop() {
      const exited = once(child, "close");
      child.stdin!.end();
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One contender process that runs a single trial on `dir` at once. */
async function contender(dir: string): Promise<string> {
  const one = await startContender();
  try {
    return await one.next(dir, Date.now());
  } finally {
    await one.stop();
  }
}

/** The pid of a process that has exited: what a SIGKILLed owner leaves in its lock. */
function deadPid(): number {
  return spawnSync(process.execPath, ["--version"]).pid!;
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "feedgate-lock-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("the file store's lock is a real lock", () => {
  /**
   * Three contender processes at once on each of `trials` stores, `prepare`d first: what each
   * saw. The same three race on every store, each trial once all three answered the last.
   */
  async function contend(name: string, trials: number, prepare?: (dir: string) => Promise<void>) {
    const three = await Promise.all([1, 2, 3].map(() => startContender()));
    const outcomes: string[] = [];
    try {
      for (let trial = 0; trial < trials; trial++) {
        const dir = join(work, `${name}-${trial}`);
        await openFileStore(dir, { fsync: false }).then((s) => s.close());
        await prepare?.(dir);
        // Idle processes, sent the instant at once: far enough ahead that all three still race
        // at it when a busy machine is slow to wake them (a late one only races less, never fails).
        const startAt = Date.now() + 150;
        outcomes.push(...(await Promise.all(three.map((c) => c.next(dir, startAt)))));
      }
    } finally {
      await Promise.all(three.map((c) => c.stop()));
    }
    expect(outcomes).toHaveLength(3 * trials);
    expect(outcomes.filter((o) => o === "DOUBLE")).toEqual([]);
    return outcomes;
  }

  it("three processes at once, with a stale lock of a killed process: never two holders (12 trials)", async () => {
    const outcomes = await contend("stale", 12, (dir) =>
      writeFile(join(dir, "LOCK"), String(deadPid())),
    );
    expect(outcomes.filter((o) => o.startsWith("error"))).toEqual([]);
    // The stale lock never blocks: at least one contender of every trial got the store.
    expect(outcomes.filter((o) => o === "held").length).toBeGreaterThanOrEqual(12);
  }, 60_000);

  it("three processes at once on a fresh store: never two holders (6 trials)", async () => {
    const outcomes = await contend("fresh", 6);
    expect(outcomes.filter((o) => o === "held").length).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it("a live owner keeps the lock; its release lets the next one in; no lock files are left behind", async () => {
    const dir = join(work, "live");
    const store = await openFileStore(dir, { fsync: false });
    expect(await contender(dir)).toBe("locked");
    await store.close();
    expect(await contender(dir)).toBe("held");
    expect((await readdir(dir)).filter((n) => n.startsWith("LOCK"))).toEqual([]);
  });
});

describe("a damaged journal is reported, never silently cut", () => {
  async function storeWithRecords(name: string): Promise<string> {
    const dir = join(work, name);
    const store = await openFileStore(dir, { fsync: false });
    const generation = await store.beginSnapshot("default");
    await store.putSnapshotPage(generation, {
      cursor: "c1",
      nextPage: null,
      items: [{ id: "a" }, { id: "b" }],
    } as never);
    await store.commitSnapshot(generation);
    await store.applyPage({
      expectedCursor: "c1",
      cursor: "c2",
      changes: [{ op: "upsert", item: { id: "c" } }],
    } as never);
    await store.applyPage({
      expectedCursor: "c2",
      cursor: "c3",
      changes: [{ op: "upsert", item: { id: "d" } }],
    } as never);
    await store.close();
    return dir;
  }
  const journalOf = async (dir: string) =>
    join(dir, (await readdir(dir)).find((n) => n.startsWith("journal"))!);

  it("a byte flipped in the middle: StoreCorruptError naming the file and the offset", async () => {
    const dir = await storeWithRecords("middle");
    const journal = await journalOf(dir);
    const bytes = await readFile(journal);
    const firstLineEnd = bytes.indexOf(0x0a);
    bytes[firstLineEnd + 30] = bytes[firstLineEnd + 30]! ^ 0x01;
    await writeFile(journal, bytes);
    const error = await openFileStore(dir, { fsync: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreCorruptError);
    expect(error).toMatchObject({ file: journal, offset: firstLineEnd + 1 });
    // Nothing was cut: the file is as it was.
    expect(await readFile(journal)).toEqual(bytes);
  });

  it("a torn last record (a crash mid-append) is still recovered, keeping every earlier record", async () => {
    const dir = await storeWithRecords("torn");
    const journal = await journalOf(dir);
    await appendFile(journal, '0123456789abcdef {"op":"upse');
    const store = await openFileStore(dir, { fsync: false });
    expect((await store.ids()).sort()).toEqual(["a", "b", "c", "d"]);
    await store.close();
  });
});

// Crash run: a child process mirrors the fake's selected set into a file store; the parent
// churns the ledger, SIGKILLs the child at random moments and restarts it, then checks that
// the store ends identical to the truth. Used by bench/test/crash.test.ts (few kills) and bench/reliability.mjs (20).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { addFaultMix } from "./fault-mix.mjs";
import { createChurn, makeSelectedItem, prng } from "./items.mjs";
import { compareSets } from "./mirror-fault-run.mjs";

const CHILD = fileURLToPath(new URL("./mirror-child.mjs", import.meta.url));

function startChild(url, dir, mode, compactAfterBytes) {
  const child = spawn(process.execPath, [CHILD, url, dir, mode, String(compactAfterBytes)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (out += d));
  child.stderr.setEncoding("utf8").on("data", (d) => (err += d));
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child not ready after 15 s: ${err}`)), 15_000);
    const check = () => {
      const line = out.split("\n").find((l) => l.startsWith("ready "));
      if (line !== undefined) {
        clearTimeout(timer);
        child.stdout.off("data", check);
        resolve(JSON.parse(line.slice(6)));
      }
    };
    child.stdout.on("data", check);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code ?? signal}) before it was ready: ${err}`));
    });
  });
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => out, errors: () => err };
}

/**
 * @param deps { startFeedFake, openFileStore } (the parent reads the store after the last child exits)
 */
export async function runCrashRun(deps, options = {}) {
  const {
    kills = 20,
    items = 10_000,
    churnPerKill = 150,
    faultRate = 0.05,
    seed = 11,
    maxKillDelayMs = 400,
    requireSnapshotEvery = 7,
    compactAfterBytes = 1024 * 1024,
  } = options;
  const fake = await deps.startFeedFake({ seed, data: "empty" });
  const dir = await mkdtemp(join(tmpdir(), "feedgate-crash-"));
  const random = prng(seed + 2);
  try {
    for (let n = 0; n < items; n++) fake.selected.upsert(makeSelectedItem(n));
    if (faultRate > 0) addFaultMix(fake, faultRate);
    const churn = createChurn(fake, { seed: seed + 3, firstNewId: items });
    let killed = 0;
    /** The phase each kill interrupted: the last progress line before it ("startup" if none). */
    const killedIn = { startup: 0, snapshot: 0, changes: 0 };
    let tornTails = 0;
    let snapshotsRequired = 0;
    for (let k = 1; k <= kills; k++) {
      const run = startChild(fake.url, dir, "loop", compactAfterBytes);
      const recovery = await run.ready;
      if (recovery.discardedBytes > 0) tornTails++;
      churn.round(churnPerKill);
      if (requireSnapshotEvery > 0 && k % requireSnapshotEvery === 0) {
        fake.selected.requireSnapshot();
        snapshotsRequired++;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * maxKillDelayMs)));
      run.child.kill("SIGKILL");
      const { signal, code } = await run.exited;
      const phase = run.output().match(/phase (\w+)\n(?![\s\S]*phase )/)?.[1] ?? "startup";
      killedIn[phase in killedIn ? phase : "startup"]++;
      if (signal !== "SIGKILL")
        throw new Error(`child ended by itself (${code}) before the kill: ${run.errors()}`);
      killed++;
    }
    // The last restart runs to completion (faults still on), then the parent reads the store.
    const last = startChild(fake.url, dir, "once", compactAfterBytes);
    const recovery = await last.ready;
    if (recovery.discardedBytes > 0) tornTails++;
    const { code } = await last.exited;
    if (code !== 0) throw new Error(`final child failed (${code}): ${last.errors()}`);
    const store = await deps.openFileStore(dir);
    const truth = fake.selected.truth();
    const mirrored = await store.entries();
    await store.close();
    return {
      ...compareSets(mirrored, truth),
      truth: truth.length,
      mirrored: mirrored.length,
      killsSurvived: killed,
      killedIn,
      tornTails,
      snapshotsRequired,
      churnOps: churn.ops,
      requests: fake.requests.length,
      faultsInjected: fake.faults.injected,
    };
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
}

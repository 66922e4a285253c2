import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openFileStore } from "@feedgate/kit/node";
import { startFeedFake } from "@feedgate/mock";
import { describe, expect, it } from "vitest";
import { runCrashRun } from "../lib/reliability/crash-run.mjs";

// A child process (plain Node, the built package) mirrors the fake's selected set into a file
// store; this process churns the ledger, SIGKILLs the child at random moments and restarts it,
// then reads the store and compares it with the truth. 5 kills here; 20 in `pnpm bench:reliability` (bench/reliability.mjs).
const DIST = fileURLToPath(
  new URL("../node_modules/@feedgate/kit/dist/node/index.js", import.meta.url),
);

describe("file-store mirror survives kill -9", () => {
  it("resumes after every SIGKILL and ends identical to the server's set", async () => {
    // The child imports the built package; `turbo run test` builds it first.
    expect(existsSync(DIST), "build @feedgate/kit first (dist/node/index.js)").toBe(true);
    const result = await runCrashRun(
      { startFeedFake, openFileStore },
      {
        kills: 5,
        items: 2_000,
        churnPerKill: 120,
        maxKillDelayMs: 250,
        requireSnapshotEvery: 3,
        compactAfterBytes: 256 * 1024,
        seed: 17,
      },
    );
    expect(result.killsSurvived).toBe(5);
    expect(result).toMatchObject({ missing: 0, extra: 0, different: 0, duplicates: 0 });
    expect(result.verified).toBe(result.truth);
    expect(result.mirrored).toBe(result.truth);
    expect(result.churnOps).toBe(5 * 120);
  }, 60_000);
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FeedFake } from "@feedgate/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoFakes, demoSelectedItem, startDemoFakes } from "../../src/internal/demo/fakes.js";
import { cliEnv, jsonLines, runCli, startCli } from "./helpers.js";

let fakes: DemoFakes;
let feed: FeedFake;
let env: Record<string, string>;
let work: string;

beforeAll(async () => {
  fakes = await startDemoFakes({ gateway: false, selected: 1100 });
  feed = fakes.feed!;
  env = cliEnv(fakes);
  work = await mkdtemp(join(tmpdir(), "feedgate-mirror-e2e-"));
});
afterAll(async () => {
  await fakes.close();
  await rm(work, { recursive: true, force: true });
});

type Line = {
  type: string;
  phase?: string;
  items?: number;
  changes?: number;
  resumed?: boolean;
  snapshotTaken?: boolean;
};

describe("feedgate mirror", () => {
  it("takes the snapshot page by page and ends equal to the server's set", async () => {
    const dir = join(work, "once");
    const result = await runCli(["mirror", dir], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${feed.selected.truth().length} selected items mirrored`);
    expect(result.stdout).toContain("snapshot taken");
    // Without a TTY the progress bar degrades to one line per page.
    expect(result.stderr).toMatch(/^snapshot: page 1, 1000 items$/m);
    expect(result.stderr).toMatch(/^snapshot: page 2, 1100 items$/m);
  });

  it("--follow: Ctrl-C while it waits exits 130, and the next run resumes from the saved cursor", async () => {
    const dir = join(work, "follow");
    const cli = startCli(["mirror", dir, "--follow", "--json"], env);
    // Snapshot taken and ledger drained: it now waits for the next poll (the changes' s-maxage).
    await cli.waitFor(/"phase":"idle"/, 15_000);
    cli.interrupt();
    const first = await cli.done;
    expect(first.code).toBe(130);
    expect(first.stderr).toContain("interrupted");

    // Changes while it was stopped, then a plain run: no new snapshot, the changes applied.
    feed.selected.upsert(demoSelectedItem(feed, 1));
    feed.selected.remove(feed.selected.truth()[0]!.id);
    const snapshotsBefore = feed.requests.filter(
      (r) => r.path === "/api/v1/selected/snapshot",
    ).length;
    const second = await runCli(["mirror", dir, "--json"], env);
    expect(second.code).toBe(0);
    const summary = (jsonLines(second.stdout) as Line[]).find((l) => l.type === "summary")!;
    expect(summary).toMatchObject({ resumed: true, snapshotTaken: false, changes: 2 });
    expect(summary.items).toBe(feed.selected.truth().length);
    expect(feed.requests.filter((r) => r.path === "/api/v1/selected/snapshot").length).toBe(
      snapshotsBefore,
    );
  });

  it("re-snapshots when the service requires it", async () => {
    const dir = join(work, "resnap");
    expect((await runCli(["mirror", dir], env)).code).toBe(0);
    feed.selected.requireSnapshot();
    const result = await runCli(["mirror", dir, "--json"], env);
    expect(result.code).toBe(0);
    const summary = (jsonLines(result.stdout) as Line[]).find((l) => l.type === "summary")!;
    expect(summary).toMatchObject({ resumed: true, snapshotTaken: true });
    expect(summary.items).toBe(feed.selected.truth().length);
  });
});

import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HotTopicsResponse } from "@feedgate/feed-client";
import { freePort } from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningCli, runCli, startCli } from "./helpers.js";

let mock: RunningCli;
let env: Record<string, string>;
let work: string;
let port: number;
/** The seeded story that was merged: hot topic 4 links it. */
let merged: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "feedgate-sandbox-"));
  port = await freePort();
  mock = startCli(["mock", "--port", String(port)]);
  await mock.waitFor(/export FEEDGATE_API_KEY=\S+/);
  // The exact lines the sandbox prints are what a user pastes: take the environment from them.
  env = Object.fromEntries(
    [...mock.stdout().matchAll(/^ {2}export (FEEDGATE_\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]),
  );
  const hot = await fetch(`${env["FEEDGATE_FEED_URL"]}/api/v1/hot-topics`);
  const { items } = (await hot.json()) as HotTopicsResponse;
  merged = items[3]!.links.story!.split("/").pop()!;
});
afterAll(async () => {
  mock.interrupt();
  await mock.done;
  await rm(work, { recursive: true, force: true });
});

describe("feedgate mock is a sandbox every command works against", () => {
  it("prints the exact export lines, on the ports asked for", () => {
    expect(env).toEqual({
      FEEDGATE_FEED_URL: `http://127.0.0.1:${port}`,
      FEEDGATE_GATEWAY_URL: `http://127.0.0.1:${port + 1}`,
      FEEDGATE_API_KEY: expect.stringMatching(/^sk-fake-[0-9a-f]{16}$/),
    });
  });

  const commands: Array<[string, () => string[]]> = [
    ["hot", () => ["hot"]],
    ["items", () => ["items"]],
    ["items --all", () => ["items", "--all", "--page-size", "20"]],
    ["items --limit", () => ["items", "--limit", "7"]],
    ["story", () => ["story", merged]],
    ["daily", () => ["daily"]],
    ["dailies", () => ["dailies"]],
    ["resets", () => ["resets"]],
    ["resets --recent", () => ["resets", "--recent"]],
    ["mirror", () => ["mirror", join(work, "mirror")]],
    ["mirror ls", () => ["mirror", "ls", join(work, "mirror")]],
    ["mirror export", () => ["mirror", "export", join(work, "mirror")]],
    ["image", () => ["image", "a lighthouse", "--out", join(work, "img-sync")]],
    ["image --async", () => ["image", "a lighthouse", "--async", "--out", join(work, "img-async")]],
    ["respond", () => ["respond", "hello"]],
    ["respond --stream", () => ["respond", "hello", "--stream"]],
    ["tokens", () => ["tokens", "hello there", "--model", "gpt-5.2"]],
    [
      "tokens --protocol messages",
      () => ["tokens", "hello there", "--model", "claude-sonnet-4-5", "--protocol", "messages"],
    ],
    ["version", () => ["version"]],
    ["completion", () => ["completion", "bash"]],
  ];
  // In order: mirror ls/export read what mirror wrote.
  for (const [name, args] of commands) {
    it(name, async () => {
      const result = await runCli(args(), env, 30_000);
      expect({ code: result.code, stderr: result.code === 0 ? "" : result.stderr }).toEqual({
        code: 0,
        stderr: "",
      });
      expect(result.stdout.length).toBeGreaterThan(0);
    });
  }

  it("a large export through a pipe arrives whole (nothing lost when the process exits)", async () => {
    const exported = await runCli(["mirror", "export", join(work, "mirror")], env, 30_000);
    const lines = exported.stdout.trimEnd().split("\n");
    expect(exported.stderr).toMatch(
      new RegExp(`exported ${lines.length} of ${lines.length} items`),
    );
    expect(lines.length).toBeGreaterThan(1000);
  });

  it("the image commands wrote real image files, downloaded from the mock itself", async () => {
    for (const dir of ["img-sync", "img-async"]) {
      const files = await readdir(join(work, dir));
      expect(files.length).toBeGreaterThan(0);
      expect(files.every((f) => /\.(png|jpg|webp|gif)$/.test(f))).toBe(true);
    }
  });

  for (const watch of [
    ["hot", "--watch"],
    ["resets", "--watch"],
    ["mirror", "--follow"],
  ]) {
    it(`${watch.join(" ")} runs until Ctrl-C and exits 130`, async () => {
      const args = watch[0] === "mirror" ? ["mirror", join(work, "mirror"), "--follow"] : watch;
      const cli = startCli(args, env);
      await cli.waitFor(/\S/, 20_000);
      cli.interrupt();
      expect((await cli.done).code).toBe(130);
    });
  }
});

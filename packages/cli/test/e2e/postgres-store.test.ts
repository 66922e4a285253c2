import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgresStore } from "@feedgate/postgres";
import { freePort, type RunningPostgres, startPostgres } from "@feedgate/test-harness";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoFakes, startDemoFakes } from "../../src/internal/demo/fakes.js";
import { BIN, jsonLines, runCli, startCli } from "./helpers.js";

let pg: RunningPostgres;
let fakes: DemoFakes;
let env: Record<string, string>;
let dir: string;
/** The test server's own password (random): no output may show it. */
let PASSWORD = "";

beforeAll(async () => {
  [pg, fakes] = await Promise.all([
    startPostgres(),
    startDemoFakes({ gateway: false, selected: 120 }),
  ]);
  env = { FEEDGATE_FEED_URL: fakes.feed!.url };
  PASSWORD = decodeURIComponent(new URL(pg.url).password);
  dir = await mkdtemp(join(tmpdir(), "feedgate-store-"));
}, 60_000);
afterAll(async () => {
  await fakes.close();
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
});

/**
 * `mirror ls` (given the store by `--store`, or by FEEDGATE_STORE), `show` of its first item and
 * `export` of the copy at `store`: each checked to read the 120 items, and returned.
 */
async function readBack(store: string, lsBy: "--store" | "FEEDGATE_STORE") {
  const byEnv = { ...env, FEEDGATE_STORE: store };
  const ls = await (lsBy === "--store"
    ? runCli(["mirror", "ls", "--store", store, "--json"], env)
    : runCli(["mirror", "ls", "--json"], byEnv));
  expect(ls.stderr).not.toMatch(/permission denied/);
  expect(ls.code).toBe(0);
  const items = JSON.parse(ls.stdout) as Array<{ id: string }>;
  expect(items).toHaveLength(120);
  const show = await runCli(["mirror", "show", store, items[0]!.id, "--json"], env);
  expect(JSON.parse(show.stdout)).toMatchObject({ id: items[0]!.id });
  const exported = await runCli(["mirror", "export"], byEnv);
  expect(jsonLines(exported.stdout)).toHaveLength(120);
  return [ls, show, exported];
}

describe("the mirror commands on a fleet's PostgreSQL copy", () => {
  it("mirror --store syncs into PostgreSQL; ls, show and export read it back; the password is never printed", async () => {
    const url = `${pg.url}?application_name=cli-test`;
    const sync = await runCli(["mirror", "--store", url, "--json"], env, 30_000);
    expect(sync.code).toBe(0);
    expect(jsonLines(sync.stdout).at(-1)).toMatchObject({
      type: "summary",
      items: 120,
      snapshotTaken: true,
    });
    for (const result of [sync, ...(await readBack(url, "--store"))]) {
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    }
    expect(sync.stderr + sync.stdout).toContain("postgres:***@");
  });

  it("mcp --store postgres://… adds search_local over the fleet's copy, with no feed request and the password never printed", async () => {
    const url = `${pg.url}?application_name=cli-mcp-test`;
    expect((await runCli(["mirror", "--store", url, "--json"], env, 30_000)).code).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "--store", url],
      env: { PATH: process.env["PATH"] ?? "", ...env },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "pg-test", version: "1.0.0" });
    await client.connect(transport);
    const before = fakes.feed!.requests.length;
    const result = await client.callTool({ name: "search_local", arguments: { limit: 5 } });
    expect((result.structuredContent as { count: number; nextCursor: string | null }).count).toBe(
      5,
    );
    expect(fakes.feed!.requests.length).toBe(before);
    await client.close();
    expect(stderr).toContain("postgres:***@");
    expect(stderr).not.toContain(PASSWORD);
  });

  it("fleet --store leads the resources it is given, and leaves on Ctrl-C (130)", async () => {
    const cli = startCli(["fleet", "--store", pg.url, "--resources", "hotTopics", "--json"], env);
    await cli.waitFor(/"leading":true/, 20_000);
    cli.interrupt();
    const result = await cli.done;
    expect(result.code).toBe(130);
    expect(jsonLines(result.stdout)[0]).toMatchObject({
      type: "leadership",
      resource: "hotTopics",
      leading: true,
    });
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  });

  it("the URL comes from a file (--store-file) or stdin (--store -), off the process list; FIFOs and directories are refused", async () => {
    await runCli(["mirror", "--store", pg.url], env, 30_000);
    const file = join(dir, "store-url");
    await writeFile(file, `${pg.url}\n`, { mode: 0o600 });
    const ls = await runCli(["mirror", "ls", "--store-file", file, "--json"], env);
    expect(ls.code).toBe(0);
    expect(JSON.parse(ls.stdout)).toHaveLength(120);
    const cli = startCli(["mirror", "export", "--store", "-"], env);
    cli.stdin.end(`${pg.url}\n`);
    const exported = await cli.done;
    expect(exported.code).toBe(0);
    expect(jsonLines(exported.stdout)).toHaveLength(120);
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    for (const path of [fifo, dir]) {
      const refused = await runCli(["mirror", "ls", "--store-file", path], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/not a regular file/);
    }
    for (const result of [ls, exported])
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  });

  it("--help of mirror and fleet says a URL on the command line shows in the process list, and names the other ways", async () => {
    for (const args of [
      ["mirror", "--help"],
      ["mirror", "ls", "--help"],
      ["fleet", "--help"],
    ]) {
      const help = await runCli(args, {});
      expect(help.stdout.replace(/\s+/g, " ")).toMatch(
        /visible to every user of the machine in the process list: prefer FEEDGATE_STORE, --store-file or --store -/,
      );
      expect(help.stdout).toContain("--store-file <path>");
    }
  });

  it("mirror ls|show|export work for a role that may only read (no schema is created on open)", async () => {
    await runCli(["mirror", "--store", pg.url], env, 30_000);
    const admin = await openPostgresStore({ url: pg.url });
    const role = "cli_reader";
    await admin.sql.unsafe(`create role ${role} login password 'reader-pw-9x'`);
    await admin.sql.unsafe(`revoke create on database postgres from public`);
    await admin.sql.unsafe(`grant usage on schema feedgate to ${role}`);
    await admin.sql.unsafe(`grant select on all tables in schema feedgate to ${role}`);
    await admin.close();
    const reader = pg.url.replace(/\/\/postgres:[^@]+@/, `//${role}:reader-pw-9x@`);
    for (const result of await readBack(reader, "FEEDGATE_STORE"))
      expect(result.stdout + result.stderr).not.toContain("reader-pw-9x");
  });

  it("fleet prints a loop that keeps failing on stderr, with its count in a row", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const cli = startCli(["fleet", "--resources", "hotTopics"], {
      FEEDGATE_FEED_URL: dead,
      FEEDGATE_STORE: pg.url,
    });
    await cli.waitFor(/hotTopics failed \(1 in a row\)/, 25_000);
    cli.interrupt();
    const result = await cli.done;
    expect(result.stderr).toMatch(/hotTopics failed \(1 in a row\): /);
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  }, 120_000);
});

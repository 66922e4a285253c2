import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type RunningPostgres } from "@feedgate/test-harness";
import { startDemoFakes, type DemoFakes } from "../../src/demo/fakes.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, jsonLines, runCli, startCli } from "./helpers.js";

let pg: RunningPostgres;
let fakes: DemoFakes;
let env: Record<string, string>;
const PASSWORD = "feedgate-test";

beforeAll(async () => {
  [pg, fakes] = await Promise.all([startPostgres(), startDemoFakes({ gateway: false, selected: 120 })]);
  env = { FEEDGATE_FEED_URL: fakes.feed!.url };
}, 60_000);
afterAll(async () => {
  await fakes.close();
  await pg.stop();
});

describe("the mirror commands on a fleet's PostgreSQL copy", () => {
  it("mirror --store syncs into PostgreSQL; ls, show and export read it back; the password is never printed", async () => {
    const url = `${pg.url}?application_name=cli-test`;
    const sync = await runCli(["mirror", "--store", url, "--json"], env, 30_000);
    expect(sync.code).toBe(0);
    expect(jsonLines(sync.stdout).at(-1)).toMatchObject({ type: "summary", items: 120, snapshotTaken: true });
    const ls = await runCli(["mirror", "ls", "--store", url, "--json"], env);
    const items = JSON.parse(ls.stdout) as Array<{ id: string }>;
    expect(items).toHaveLength(120);
    const show = await runCli(["mirror", "show", url, items[0]!.id, "--json"], env);
    expect(JSON.parse(show.stdout)).toMatchObject({ id: items[0]!.id });
    const exported = await runCli(["mirror", "export"], { ...env, FEEDGATE_STORE: url });
    expect(jsonLines(exported.stdout)).toHaveLength(120);
    for (const result of [sync, ls, show, exported]) {
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    }
    expect(sync.stderr + sync.stdout).toContain("postgres:***@");
  });

  it("mcp --store postgres://… adds search_local over the fleet's copy, with no feed request and the password never printed", async () => {
    const url = `${pg.url}?application_name=cli-mcp-test`;
    expect((await runCli(["mirror", "--store", url, "--json"], env, 30_000)).code).toBe(0);
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--store", url], env: { PATH: process.env["PATH"] ?? "", ...env }, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "pg-test", version: "1.0.0" });
    await client.connect(transport);
    const before = fakes.feed!.requests.length;
    const result = await client.callTool({ name: "search_local", arguments: { limit: 5 } });
    expect((result.structuredContent as { count: number; nextCursor: string | null }).count).toBe(5);
    expect(fakes.feed!.requests.length).toBe(before);
    await client.close();
    expect(stderr).toContain("postgres:***@");
    expect(stderr).not.toContain(PASSWORD);
  });

  it("fleet --store leads the resources it is given, and leaves on Ctrl-C (130)", async () => {
    const cli = startCli(["fleet", "--store", pg.url, "--resources", "hotTopics", "--json"], env);
    await cli.waitFor(/"leading":true/, 20_000);
    cli.child.kill("SIGINT");
    const result = await cli.done;
    expect(result.code).toBe(130);
    expect(jsonLines(result.stdout)[0]).toMatchObject({ type: "leadership", resource: "hotTopics", leading: true });
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  });
});

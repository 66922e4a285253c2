import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_CACHE_CONTROL,
  type DemoFakes,
  startDemoFakes,
} from "../../src/internal/demo/fakes.js";
import { BIN, runCli, startBin } from "./helpers.js";

let fakes: DemoFakes;
const feedPath = (path: string) => fakes.feed!.requests.filter((r) => r.path === path);
/** Resolves once `check` holds (re-checked as the fake sees requests; bounded by the test timeout). */
const until = (check: () => boolean) =>
  new Promise<void>(
    (done) =>
      void (function tick() {
        if (check()) done();
        else setTimeout(tick, 20);
      })(),
  );

beforeAll(async () => {
  fakes = await startDemoFakes({ gateway: false, cacheControl: DEMO_CACHE_CONTROL, selected: 120 });
});
afterAll(async () => {
  await fakes.close();
});

/** `feedgate mcp [args]` over stdio, as a host runs it, with the official client. */
async function stdioSession(args: string[] = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", ...args],
    env: { PATH: process.env["PATH"] ?? "", FEEDGATE_FEED_URL: fakes.feed!.url, NO_COLOR: "1" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "e2e", version: "1.0.0" });
  const errors: unknown[] = [];
  client.onerror = (error) => void errors.push(error);
  await client.connect(transport);
  return { client, errors, stderr: () => stderr, close: () => client.close() };
}

type Result = Awaited<ReturnType<Client["callTool"]>>;
const text = (r: Result) => (r.content as Array<{ text: string }>).map((c) => c.text).join("\n");

describe("feedgate mcp over stdio", () => {
  it("lists tools and resources, calls every tool, and errors come back as results", async () => {
    const { client, errors, stderr, close } = await stdioSession();
    const { tools } = await client.listTools();
    // The exact list is the MCP package's own test; here: the CLI serves all five.
    expect(tools).toHaveLength(5);
    expect(tools.map((t) => t.name)).toContain("search_items");
    expect((await client.listResources()).resources).toHaveLength(3);
    const call = (name: string, args: Record<string, unknown> = {}) =>
      client.callTool({ name, arguments: args }) as Promise<Result>;

    const search = await call("search_items", { limit: 5, mode: "all" });
    expect((search.structuredContent as { count: number }).count).toBe(5);
    const hot = await call("hot_topics");
    expect(text(hot)).toContain(fakes.feed!.hotTopics.list()[0]!.title);
    const { from, into } = fakes.merged;
    const story = await call("get_story", { id: from });
    expect(story.structuredContent).toMatchObject({
      merged: true,
      id: into,
      requestedId: from,
    });
    expect(text(story)).toContain(`was merged into ${into}`);
    expect((await call("daily_report")).structuredContent).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect((await call("reset_calendar", { scope: "full" })).structuredContent).toMatchObject({
      scope: "full",
    });

    const missing = await call("get_story", { id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/^NotFoundError: HTTP 404 .*\nhint: .*story layer/);
    const before = fakes.feed!.requests.length;
    expect((await call("search_items", { q: "x" })).isError).toBe(true);
    expect(fakes.feed!.requests.length).toBe(before);
    // The server still serves, and stdout carried nothing but protocol messages.
    expect((await call("hot_topics")).isError).toBeFalsy();
    expect(errors).toEqual([]);
    await close();
    expect(stderr()).not.toMatch(/jsonrpc/);
  });

  // The updates themselves, at the cadence, are pinned on fake time in @feedgate/mcp's tests
  // (a real process would wait a minute between polls).
  it("a subscription starts the watcher: one baseline poll, no update for it", async () => {
    const { client, close } = await stdioSession();
    const updates: string[] = [];
    client.setNotificationHandler(
      ResourceUpdatedNotificationSchema,
      (n) => void updates.push(n.params.uri),
    );
    const path = "/api/v1/hot-topics";
    const before = feedPath(path).length;
    await client.subscribeResource({ uri: "feedgate://hot-topics" });
    await until(() => feedPath(path).length > before);
    expect(feedPath(path).slice(before)).toHaveLength(1);
    expect(updates).toEqual([]);
    await client.unsubscribeResource({ uri: "feedgate://hot-topics" });
    await close();
  });

  it("--mirror adds search_local, which never touches the network", async () => {
    const dir = await mkdtemp(join(tmpdir(), "feedgate-mcp-e2e-"));
    try {
      expect((await runCli(["mirror", dir], { FEEDGATE_FEED_URL: fakes.feed!.url })).code).toBe(0);
      const { client, close } = await stdioSession(["--mirror", dir]);
      const before = fakes.feed!.requests.length;
      const result = (await client.callTool({
        name: "search_local",
        arguments: { limit: 3 },
      })) as Result;
      expect((result.structuredContent as { count: number; nextCursor: string }).count).toBe(3);
      expect(fakes.feed!.requests.length).toBe(before);
      await close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("feedgate mcp over stdio, hostile input", () => {
  it("drops an endless message (10 MiB on one line) and answers the next request", async () => {
    const cli = startBin(["mcp"], { FEEDGATE_FEED_URL: fakes.feed!.url });
    /** Sends one JSON-RPC message (a request with an id, else a notification) on its own line. */
    const send = (method: string, params?: object, id?: number) =>
      cli.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    const clientInfo = { name: "raw", version: "1" };
    send("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo }, 1);
    await cli.waitFor(/"id":1/);
    send("notifications/initialized");
    send("tools/call", { name: "search_items", arguments: { q: "x".repeat(10 * 1_048_576) } }, 2);
    send("tools/call", { name: "hot_topics", arguments: {} }, 3);
    await cli.waitFor(/"id":3/);
    expect(cli.stderr()).toMatch(/dropped a \d+-byte message/);
    expect(cli.stdout()).not.toMatch(/"id":2/);
    const lines = cli
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id?: number; result?: { isError?: boolean } });
    expect(lines.find((m) => m.id === 3)?.result?.isError).toBeUndefined();
    cli.child.stdin.end();
    expect((await cli.done).code).toBe(0);
  });
});

describe("feedgate mcp --http", () => {
  it("serves Streamable HTTP on 127.0.0.1 with FEEDGATE_MCP_TOKEN (trimmed), says where on stderr, and writes nothing to stdout", async () => {
    const token = "e2e-token-5d1c7a";
    const cli = startBin(["mcp", "--http"], {
      FEEDGATE_FEED_URL: fakes.feed!.url,
      FEEDGATE_MCP_TOKEN: `${token}\n`,
    });
    await cli.waitFor(/Streamable HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp/);
    const url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(cli.stderr())![1]!;
    expect((await fetch(url, { method: "POST", body: "{}" })).status).toBe(401);
    const client = new Client({ name: "e2e-http", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const result = (await client.callTool({
      name: "search_items",
      arguments: { limit: 2 },
    })) as Result;
    expect((result.structuredContent as { count: number }).count).toBe(2);
    await client.close();
    cli.child.kill("SIGINT");
    const done = await cli.done;
    expect(done.code).toBe(130);
    expect(done.stdout).toBe("");
    expect(done.stderr).not.toContain(token);
  });
});

describe("@modelcontextprotocol/inspector-cli", () => {
  it("lists the tools and calls one", async () => {
    const inspector = resolve(
      dirname(
        fileURLToPath(import.meta.resolve("@modelcontextprotocol/inspector-cli/package.json")),
      ),
      "build/cli.js",
    );
    // inspector-cli 1.0.3 checks for "../package.json" relative to its working directory before
    // importing its own: run it from a directory that has one (dist/, under this package).
    const cwd = dirname(BIN);
    const run = (args: string[]) =>
      new Promise<string>((done, fail) =>
        execFile(
          process.execPath,
          [
            inspector,
            "--cli",
            "-e",
            `FEEDGATE_FEED_URL=${fakes.feed!.url}`,
            process.execPath,
            BIN,
            "mcp",
            ...args,
          ],
          { cwd, timeout: 80_000, env: { PATH: process.env["PATH"] ?? "" } },
          (error, stdout, stderr) =>
            error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout),
        ),
      );
    // Both sessions at once: each starts the inspector and a server (seconds each on a busy machine).
    const [list, call] = await Promise.all([
      run(["--method", "tools/list"]),
      run(["--method", "tools/call", "--tool-name", "hot_topics"]),
    ]);
    const listed = JSON.parse(list) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((t) => t.name)).toContain("hot_topics");
    const called = JSON.parse(call) as { structuredContent: { count: number } };
    expect(called.structuredContent.count).toBe(10);
  }, 90_000);
});

describe("start-up stays light", () => {
  it("no module `feedgate hot` loads imports the MCP SDK or @feedgate/mcp (the mcp command loads them on use)", async () => {
    // Follows the static imports of the built CLI from its entry and from the hot command's run
    // module (dynamic `import()` excluded: that is what keeps the rest off the start-up path).
    const seen = new Set<string>();
    const bare = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await readFile(file, "utf8");
      for (const [, spec] of source.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)) {
        if (spec!.startsWith(".")) await visit(resolve(dirname(file), spec!));
        else bare.add(spec!);
      }
    };
    await visit(BIN);
    await visit(resolve(dirname(BIN), "internal/commands/hot-run.js"));
    expect(seen.size).toBeGreaterThan(5);
    expect(
      [...bare].filter((s) => s.startsWith("@modelcontextprotocol/") || s === "@feedgate/mcp"),
    ).toEqual([]);
    expect(seen.has(resolve(dirname(BIN), "internal/commands/mcp-run.js"))).toBe(false);
  });
});

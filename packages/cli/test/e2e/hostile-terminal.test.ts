import { spawn } from "node:child_process";
import { stripTerminalControls } from "@feedgate/core/terminal";
import { type FeedFake, startFeedFake } from "@feedgate/mock";
import { type HostileServer, sendJson, startHostileServer } from "@feedgate/test-harness";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, runCli, TEST_KEY } from "./helpers.js";

/** Escape sequences a hostile server might plant in a title: OSC title, OSC 52 clipboard, OSC 8 link, CSI clear, 8-bit CSI, BEL, CR, backspace. */
const NASTY =
  "\x1b]0;pwned\x07\x1b]52;c;cm0gLXJmIH4=\x07\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\\x1b[2J\x1b[1;1H\x9b31m\x07\rover\bwrite\x1b[31mred\x1b[0m";

let server: HostileServer | undefined;
let feed: FeedFake | undefined;
afterEach(async () => {
  await server?.stop();
  await feed?.close();
  server = undefined;
  feed = undefined;
});

/** The feed fake with every hot topic's title carrying escapes. */
async function nastyFeed(): Promise<FeedFake> {
  const fake = await startFeedFake();
  fake.hotTopics.set(fake.hotTopics.list().map((topic) => ({ ...topic, title: `Title ${NASTY}` })));
  return fake;
}

/** Every control character but tab and newline, and ESC in particular. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe("server text never drives the terminal", () => {
  it("the sanitiser removes every escape and control but newlines and tabs", () => {
    expect(stripTerminalControls(`a${NASTY}\tb\nc`)).toBe("alinkoverwritered\tb\nc");
    expect(stripTerminalControls("plain text, 日本語 ✓")).toBe("plain text, 日本語 ✓");
  });

  it("feedgate hot prints titles without any escape sequence (colour on, as on a TTY)", async () => {
    feed = await nastyFeed();
    const result = await runCli(["hot"], {
      FEEDGATE_FEED_URL: feed.url,
      NO_COLOR: undefined,
      FORCE_COLOR: "1",
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Title");
    expect(result.stdout).toContain("overwrite");
    const withoutOurColours = result.stdout.replace(/\x1b\[[0-9;]*m/g, "");
    expect(withoutOurColours).not.toMatch(CONTROL);
    expect(result.stdout).not.toContain("]52;");
    expect(result.stdout).not.toContain("pwned");
  });

  it("--json stays byte-exact JSON: the same strings, escaped by JSON itself", async () => {
    feed = await nastyFeed();
    const result = await runCli(["hot", "--json"], { FEEDGATE_FEED_URL: feed.url });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("\\u001b]52;");
    expect((JSON.parse(result.stdout) as { items: Array<{ title: string }> }).items[0]!.title).toBe(
      `Title ${NASTY}`,
    );
  });

  /** `feedgate story` against a feed answering 404 with `detail`: exit 1, and what it printed. */
  async function storyWithDetail(detail: string) {
    server = await startHostileServer((_req, res) =>
      sendJson(
        res,
        404,
        { type: "about:blank", title: "Not Found", status: 404, detail, code: "not_found" },
        { "content-type": "application/problem+json" },
      ),
    );
    const result = await runCli(["story", "5f0c6a2e-8d4b-4b7e-9a31-2c1d9e7f4a10"], {
      FEEDGATE_FEED_URL: server.origin,
    });
    expect(result.code).toBe(1);
    return result.stderr;
  }

  it("an error detail from the server is printed without its escapes", async () => {
    const stderr = await storyWithDetail(`no such story ${NASTY}`);
    expect(stderr).toContain("no such story");
    expect(stderr).not.toMatch(CONTROL);
  });

  it("an error echoing a 5,000-character unknown URI quotes a bounded excerpt, without its RLO", async () => {
    const stderr = await storyWithDetail(
      `unknown URI /\u202e${"gnp.exe".repeat(700)}\u200b\u{e0041}`,
    );
    expect(stderr).toContain("unknown URI /gnp.exe");
    expect(stderr).not.toMatch(/[\u202e\u200b]|\udb40/);
    expect(stderr.length).toBeLessThan(2_000);
  });

  it("streamed text from the gateway is printed without its escapes", async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const delta = {
        type: "response.output_text.delta",
        delta: `hello ${NASTY}`,
        item_id: "m",
        output_index: 0,
        content_index: 0,
        sequence_number: 1,
      };
      res.write(`event: response.output_text.delta\ndata: ${JSON.stringify(delta)}\n\n`);
      res.end(
        `event: response.completed\ndata: ${JSON.stringify({ type: "response.completed", sequence_number: 2, response: { id: "r", object: "response", status: "completed", output: [] } })}\n\n`,
      );
    });
    const result = await runCli(["respond", "hi", "--stream"], {
      FEEDGATE_GATEWAY_URL: server.origin,
      FEEDGATE_API_KEY: TEST_KEY,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("hello");
    expect(result.stdout).not.toMatch(CONTROL);
  });
});

/** Runs `feedgate ARGS | head -c 1`-style: the reader closes after the first bytes. */
function runIntoClosedPipe(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env["PATH"], NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.stdout.once("data", () => child.stdout.destroy());
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("a closed pipe ends the command quietly", () => {
  it("items over a reader that has gone: exit 0, no stack trace", async () => {
    feed = await startFeedFake();
    const seeded = feed.items.list()[0]!;
    feed.items.add(
      ...Array.from({ length: 200 }, (_, i) => ({
        ...seeded,
        id: `bulk${i}`,
        title: `Bulk ${i} ${"x".repeat(150)}`,
      })),
    );
    const result = await runIntoClosedPipe(["items", "--all", "--mode", "all"], {
      FEEDGATE_FEED_URL: feed.url,
    });
    expect(result.stderr).not.toMatch(/at .*\(.*:\d+:\d+\)|EPIPE|Error:/);
    expect(result.code).toBe(0);
  });

  it("a stream over a reader that has gone: exit 0, no stack trace", async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      let n = 0;
      const tick = setInterval(() => {
        if (res.destroyed || n > 2000) return clearInterval(tick);
        const delta = {
          type: "response.output_text.delta",
          delta: "word ".repeat(500),
          item_id: "m",
          output_index: 0,
          content_index: 0,
          sequence_number: n++,
        };
        res.write(`event: response.output_text.delta\ndata: ${JSON.stringify(delta)}\n\n`);
      }, 2);
    });
    const result = await runIntoClosedPipe(["respond", "hi", "--stream"], {
      FEEDGATE_GATEWAY_URL: server.origin,
      FEEDGATE_API_KEY: TEST_KEY,
    });
    expect(result.stderr).not.toMatch(/at .*\(.*:\d+:\d+\)|EPIPE|Error:/);
    expect(result.code).toBe(0);
  });
});

describe("every line printed is filtered at the one place output is written", () => {
  /** Screen control a server could plant in a field the CLI prints in its own summary lines. */
  const SCREEN = "\x1b[2J\x1b[H\x1b[8mhidden\x1b]52;c;cm0gLXJmIH4=\x07\rX";

  it("the items summary line prints the service's query.mode without its escapes (colour on, as on a TTY)", async () => {
    server = await startHostileServer((_req, res) =>
      sendJson(res, 200, {
        schemaVersion: 1,
        query: {
          mode: `selected${SCREEN}\x1b[31mRED\x1b[39m`,
          category: null,
          window: `24h${SCREEN}`,
          q: null,
          by: "timeline",
          ordering: "timelineDesc",
        },
        items: [],
        page: { count: 0, hasMore: false, nextCursor: null },
      }),
    );
    const result = await runCli(["items"], {
      FEEDGATE_FEED_URL: server.origin,
      NO_COLOR: undefined,
      FORCE_COLOR: "1",
      FEEDGATE_TTY: "1",
    });
    expect(result.stderr).toContain("mode selected");
    expect(result.stderr).not.toContain("\x1b[31m");
    for (const stream of [result.stdout, result.stderr]) {
      expect(stream).not.toContain("\x1b[2J");
      expect(stream).not.toContain("\x1b[H");
      expect(stream).not.toContain("\x1b[8m");
      expect(stream).not.toContain("]52;");
      expect(stream).not.toContain("\r");
      expect(stream.replace(/\x1b\[[0-9;]*m/g, "")).not.toMatch(CONTROL);
    }
  });
});

describe("a local copy's stored text goes through the terminal filter", () => {
  it("mirror ls prints a planted cursor and titles without their screen control", async () => {
    const { mkdtemp, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { openFileStore } = await import("@feedgate/kit/node");
    const dir = await mkdtemp(join(tmpdir(), "feedgate-planted-"));
    try {
      const store = await openFileStore(dir, { fsync: false });
      const g = await store.beginSnapshot("default");
      const planted = "\x1b[2J\x1b[H\x1b[8m";
      await store.putSnapshotPage(g, {
        items: [{ id: "a", title: `title${planted}` } as never],
        cursor: `cur${planted}sor`,
        nextPage: null,
      });
      await store.commitSnapshot(g);
      await store.close();
      const result = await runCli(["mirror", "ls", dir], { NO_COLOR: undefined, FORCE_COLOR: "1" });
      expect(result.code, result.stderr).toBe(0);
      for (const stream of [result.stdout, result.stderr]) {
        expect(stream).not.toContain("\x1b[2J");
        expect(stream).not.toContain("\x1b[H");
        expect(stream).not.toContain("\x1b[8m");
      }
      expect(result.stdout + result.stderr).toContain("cursor");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

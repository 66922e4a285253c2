import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testServers } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { runCli, startBin, TEST_KEY } from "./helpers.js";

const servers = testServers();

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

describe("bounded in count as well as in bytes", () => {
  it("respond --stream applies backpressure: a paused reader holds the stream back instead of growing memory", async () => {
    const TOTAL = 64 * 1024 * 1024;
    const delta = "x".repeat(1000);
    const frame = (type: string, extra: object) =>
      `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: 0, ...extra })}\n\n`;
    let sent = 0;
    let finished = false;
    let blocked: () => void = () => {};
    const gotBlocked = new Promise<void>((resolve) => (blocked = resolve));
    const server = await servers.http((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(
        frame("response.created", {
          response: { id: "resp_1", object: "response", status: "in_progress", output: [] },
        }),
      );
      const pump = () => {
        while (sent < TOTAL) {
          const chunk = frame("response.output_text.delta", {
            item_id: "m",
            output_index: 0,
            content_index: 0,
            delta,
          });
          sent += chunk.length;
          if (!res.write(chunk)) {
            // Past 4 MiB, a write that must wait means the client stopped reading.
            if (sent > 4 * 1024 * 1024) blocked();
            res.once("drain", pump);
            return;
          }
        }
        finished = true;
        res.end(
          frame("response.completed", {
            response: { id: "resp_1", object: "response", status: "completed", output: [] },
          }),
        );
      };
      pump();
    });
    const url = server.origin;
    // A real process: its stdout pipe is what pushes back, and its memory is what is measured.
    const cli = startBin(["respond", "endless", "--stream"], {
      FEEDGATE_GATEWAY_URL: url,
      FEEDGATE_API_KEY: TEST_KEY,
    });
    await cli.waitFor(/x/);
    cli.child.stdout.pause();
    // Either the server is held back, or (without backpressure) it sends all 64 MiB into the CLI.
    const stalled = new Promise<void>((resolve) => setTimeout(resolve, 3000));
    await Promise.race([gotBlocked.then(() => stalled), stalled]);
    expect(finished).toBe(false);
    expect(sent).toBeLessThan(TOTAL);
    expect(rssBytes(cli.child.pid!)).toBeLessThan(256 * 1024 * 1024);
    cli.child.kill("SIGINT");
    cli.child.stdout.resume();
    expect((await cli.done).code).toBe(130);
  }, 120_000);

  it("tokens --file refuses /dev/zero and a FIFO at once (usage error), before any request", async () => {
    const zero = await runCli(["tokens", "--file", "/dev/zero", "--model", "gpt-5.2"], {
      FEEDGATE_GATEWAY_URL: "http://127.0.0.1:9",
      FEEDGATE_API_KEY: TEST_KEY,
    });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/not a regular file/);
    const dir = await mkdtemp(join(tmpdir(), "feedgate-fifo-"));
    try {
      const fifo = join(dir, "fifo");
      execFileSync("mkfifo", [fifo]);
      const result = await runCli(["tokens", "--file", fifo, "--model", "gpt-5.2"], {
        FEEDGATE_GATEWAY_URL: "http://127.0.0.1:9",
        FEEDGATE_API_KEY: TEST_KEY,
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/not a regular file/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

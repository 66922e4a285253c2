import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InterruptHandle } from "../../src/internal/cli/interrupt.js";
import { quickInvocation } from "../../src/internal/cli/quick.js";
import { afterRequestSent } from "../../src/internal/cli/request-sent.js";
import { createRunner } from "../../src/internal/cli/runner.js";
import { buildProgram } from "../../src/internal/program.js";

const silent = { write: () => true, isTTY: false };
const noInterrupt: InterruptHandle = {
  signal: new AbortController().signal,
  interrupted: false,
  dispose: () => {},
};

/** What commander hands the runner for `args`: the command's name, its options with the globals, its arguments. */
async function parsedByCommander(args: string[]) {
  const runner = createRunner({ stdout: silent, stderr: silent, env: {} }, [], noInterrupt, {
    exitCode: 0,
  });
  let seen: { name: string; options: object; positional: readonly string[] } | undefined;
  runner.run = async (name, options, _run, positional = []) => {
    seen = { name, options, positional };
  };
  const program = buildProgram(runner.streams, runner, (text) => text);
  await program.parseAsync(["node", "feedgate", ...args]);
  return seen;
}

describe("the quick path (main without commander)", () => {
  it.each([
    ["hot"],
    ["hot", "--json"],
    ["hot", "--json", "--json"],
    ["hot", "--verbose", "--no-color"],
    ["--verbose", "hot", "--json"],
    ["--no-color", "--feed-url", "http://127.0.0.1:1", "hot"],
    ["hot", "--feed-url", "http://127.0.0.1:1/prefix"],
    ["hot", "--feed-url=http://127.0.0.1:1", "--json", "--verbose"],
    ["hot", "--feed-url="],
    ["--feed-url", "http://a", "hot", "--feed-url", "http://b"],
    ["story", "5eed0004-f1bb-4cd9-8007-0004f1bbcd90"],
    ["story", "--json", "https://aihot.virxact.com/story/5eed0004-f1bb-4cd9-8007-0004f1bbcd90"],
    ["story", "hot", "--verbose"],
    ["daily"],
    ["daily", "2026-10-04", "--json"],
    ["daily", "--json", "latest"],
    ["--no-color", "daily", "not-a-date"],
    ["dailies"],
    ["dailies", "--json", "--feed-url=http://127.0.0.1:1"],
    ["resets"],
    ["resets", "--recent"],
    ["resets", "--json", "--recent", "--verbose"],
    ["hot", "--watch"],
    ["story", "--watch", "5eed0004-f1bb-4cd9-8007-0004f1bbcd90"],
    ["resets", "--recent", "--watch"],
  ])("gives %j the options and arguments commander gives it", async (...args) => {
    const quick = quickInvocation(args);
    expect(quick).toBeDefined();
    expect({ name: quick!.name, options: quick!.options, positional: quick!.positional }).toEqual(
      await parsedByCommander(args),
    );
  });

  it.each([
    [],
    ["--help"],
    ["hot", "--help"],
    ["hot", "-h"],
    ["-V"],
    ["--version"],
    ["hot", "--interval", "5"],
    ["hot", "extra"],
    ["hot", "hot"],
    ["--json", "hot"],
    ["hot", "--bogus"],
    ["hot", "--feed-url"],
    ["hot", "--feed-url", "--json"],
    ["hot", "--api-key", "sk-1"],
    ["hot", "--color"],
    ["hot", "--"],
    ["items"],
    ["--feed-url", "hot"],
    ["story"],
    ["story", "a", "b"],
    ["story", "-x"],
    ["story", "--", "-x"],
    ["daily", "2026-10-04", "2026-10-05"],
    ["daily", "-"],
    ["dailies", "--limit", "3"],
    ["dailies", "extra"],
    ["resets", "--interval", "5"],
    ["resets", "--recent=yes"],
    ["mirror", "ls", "dir"],
    ["2026-10-04", "daily"],
  ])("leaves %j to commander", (...args) => {
    expect(quickInvocation(args)).toBeUndefined();
  });
});

describe("afterRequestSent", () => {
  let server: Server;
  let url: string;
  // Each request, held unanswered until the test answers it.
  const held: Array<(release: () => void) => void> = [];
  beforeAll(async () => {
    server = createServer((_req, res) => held.shift()?.(() => res.end("{}")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("loads once the request is sent, before its answer arrives", async () => {
    let answered = false;
    const arrived = new Promise<() => void>((resolve) => held.push(resolve));
    const answer = fetch(url).then(async (response) => {
      answered = true;
      return response.text();
    });
    const loaded = await afterRequestSent(answer, async () => ({ answeredYet: answered }));
    expect(loaded).toEqual({ answeredYet: false });
    (await arrived)();
    expect(await answer).toBe("{}");
  });

  it("loads when the request fails before anything is sent", async () => {
    const answer = Promise.reject(new Error("refused before sending"));
    answer.catch(() => {});
    await expect(afterRequestSent(answer, async () => "loaded")).resolves.toBe("loaded");
  });
});

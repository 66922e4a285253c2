import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { testServers } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { DEFAULT_MODEL } from "../../src/internal/cli/config.js";
import { DEMO_TEXT, demoImageBase64 } from "../../src/internal/demo/gateway-seed.js";
import {
  allOutput,
  expectValid,
  gatewayFixture,
  jsonLines,
  runCli,
  specs,
  startBin,
  TEST_KEY,
} from "./helpers.js";

const fx = gatewayFixture("gateway-e2e");

const servers = testServers();

describe("feedgate image", () => {
  it("without --async: the synchronous answer's image URL is downloaded, without the key", async () => {
    // A storage host of our own on loopback, which the answer points to.
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    const storage = await servers.http((req, res) => {
      seen.push(req.headers);
      res
        .writeHead(200, { "content-type": "image/png" })
        .end(Buffer.from(demoImageBase64(), "base64"));
    });
    const imageUrl = `${storage.origin}/img/1.png`;
    fx.gateway.faults.add({
      route: "createImage",
      times: 1,
      fault: {
        type: "body",
        status: 200,
        body: {
          created: 1_790_000_000,
          data: [{ url: imageUrl, b64_json: "", revised_prompt: "" }],
        },
      },
    });
    const out = join(fx.work, "sync");
    const result = await runCli(["image", "a lighthouse", "--out", out], fx.env, 20_000);
    expect(result.code).toBe(0);
    const paths = result.stdout.trim().split("\n");
    expect(paths).toHaveLength(1);
    expect(paths[0]!.startsWith(out)).toBe(true);
    expect((await readFile(paths[0]!)).toString("base64")).toBe(demoImageBase64());
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen[0])).not.toContain(TEST_KEY.slice(3));
    expect(seen[0]!["authorization"]).toBeUndefined();
  });
});

describe("feedgate respond", () => {
  it("prints the answer; --json is a valid Response", async () => {
    const text = await runCli(["respond", "hello"], fx.env);
    expect(text.code).toBe(0);
    expect(text.stdout.trim().length).toBeGreaterThan(0);
    const json = await runCli(["respond", "hello", "--json"], fx.env);
    expect(json.code).toBe(0);
    expectValid(specs.gateway.validateResponse("createResponse", 200, JSON.parse(json.stdout)));
  });

  it("--stream prints the text as it arrives", async () => {
    fx.gateway.responses.scriptStream({ transcript: DEMO_TEXT });
    const result = await runCli(["respond", "summarise", "--stream"], fx.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${DEMO_TEXT}\n`);
  });

  it("--stream --json prints one JSON line per event", async () => {
    fx.gateway.responses.scriptStream({ transcript: DEMO_TEXT });
    const result = await runCli(["respond", "summarise", "--stream", "--json"], fx.env);
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout) as Array<{ type: string }>;
    expect(events[0]!.type).toBe("response.created");
    expect(events.at(-1)!.type).toBe("response.completed");
  });

  it("Ctrl-C during --stream cancels the request and exits 130", async () => {
    fx.gateway.responses.scriptStream({ transcript: DEMO_TEXT, stallAfter: 8 });
    // A real process and a real SIGINT: the end-to-end proof of Ctrl-C.
    const cli = startBin(["respond", "summarise", "--stream"], fx.env);
    await cli.waitFor(/\S/);
    cli.child.kill("SIGINT");
    const result = await cli.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("interrupted");
    expect(result.stdout.length).toBeGreaterThan(0);
    expect(result.stdout.length).toBeLessThan(DEMO_TEXT.length);
  });
});

describe("feedgate tokens", () => {
  it("counts with the responses protocol (valid JSON) and the messages protocol", async () => {
    const human = await runCli(["tokens", "How long is this?", "--model", "gpt-5.2"], fx.env);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^\d+ input tokens \(model gpt-5\.2, responses protocol\)$/m);
    const responses = await runCli(
      ["tokens", "How long is this?", "--model", "gpt-5.2", "--json"],
      fx.env,
    );
    expectValid(
      specs.gateway.validateResponse("countResponseInputTokens", 200, JSON.parse(responses.stdout)),
    );
    const messages = await runCli(
      [
        "tokens",
        "How long is this?",
        "--model",
        "claude-sonnet-4-5",
        "--protocol",
        "messages",
        "--json",
      ],
      fx.env,
    );
    expect(messages.code).toBe(0);
    expectValid(
      specs.gateway.validateResponse("countMessageTokens", 200, JSON.parse(messages.stdout)),
    );
  });

  it("counts for respond's default model when no --model or FEEDGATE_MODEL is given", async () => {
    const result = await runCli(["tokens", "How long is this?"], fx.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^\\d+ input tokens \\(model ${DEFAULT_MODEL.replace(/\./g, "\\.")}, responses protocol\\)$`,
        "m",
      ),
    );
    expect((JSON.parse(fx.gateway.requests.at(-1)!.body) as { model: string }).model).toBe(
      DEFAULT_MODEL,
    );
    const help = await runCli(["tokens", "--help"], fx.env);
    expect(help.stdout.replace(/\s+/g, " ")).toContain(`default ${DEFAULT_MODEL}`);
  });

  it("reads --file", async () => {
    const result = await runCli(
      [
        "tokens",
        "--file",
        new URL("../../package.json", import.meta.url).pathname,
        "--model",
        "gpt-5.2",
        "--json",
      ],
      fx.env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { input_tokens: number }).input_tokens).toBeGreaterThan(0);
  });
});

describe("the API key", () => {
  it("went to the gateway in its header, and appears in no output at all", () => {
    expect(fx.gateway.requests.length).toBeGreaterThan(0);
    expect(allOutput.length).toBeGreaterThan(10);
    for (const text of allOutput) {
      expect(text).not.toContain(TEST_KEY);
      expect(text).not.toContain(TEST_KEY.slice(3));
    }
  });
});

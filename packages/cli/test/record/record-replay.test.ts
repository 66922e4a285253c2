// `feedgate record` in front of the gateway fake, then `feedgate mock --replay` of what it wrote:
// the same bodies byte for byte, the same stream events in order, and no credential in the file.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { demoFixture, TEST_KEY } from "../e2e/helpers.js";
import { eventsIn, parseHar, recording, started, stop } from "./support.js";

const fixture = demoFixture({ apiKey: TEST_KEY, feed: false });
/** A secret of the environment (FEEDGATE_*TOKEN): scrubbed wherever it appears, an echo included. */
const ENV_SECRET = "tok-Secret-9f8e7d6c5b";

interface Call {
  path: string;
  body: unknown;
  headers?: Record<string, string>;
}

const CALLS: Call[] = [
  { path: "/v1/responses/input_tokens", body: { model: "gpt-5.2", input: "count me" } },
  { path: "/v1/responses", body: { model: "gpt-5.2", input: "one two three", stream: true } },
  { path: "/v1/responses", body: { model: "gpt-5.2", input: `my token is ${ENV_SECRET}` } },
  // Its instructions come back in the answer: over the cap both ways.
  {
    path: "/v1/responses",
    body: { model: "gpt-5.2", input: "hi", instructions: "long ".repeat(3000) },
  },
  {
    path: `/v1beta/models/gemini-2.5-flash:generateContent?key=${TEST_KEY}`,
    body: { contents: [{ parts: [{ text: "hi" }] }] },
    headers: { "x-goog-api-key": TEST_KEY, cookie: `session=${ENV_SECRET}` },
  },
];

async function send(
  base: string,
  call: Call,
  key: string,
): Promise<{ status: number; text: string }> {
  const response = await fetch(base + call.path, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      ...call.headers,
    },
    body: JSON.stringify(call.body),
  });
  return { status: response.status, text: await response.text() };
}

describe("record, then replay", () => {
  let work: string;
  let file: string;
  let recorded: Array<{ status: number; text: string }>;
  let written: string;
  let notice: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "feedgate-record-"));
    file = join(work, "calls.har");
    const { cli, json } = await started(
      ["record", "--target", fixture.gateway.url, "--out", file, "--max-body", "8192"],
      { FEEDGATE_API_KEY: TEST_KEY, FEEDGATE_PROXY_TOKEN: ENV_SECRET },
    );
    recorded = [];
    for (const call of CALLS) recorded.push(await send(json["url"]!, call, TEST_KEY));
    const result = await stop(cli);
    notice = result.stderr;
    written = readFileSync(file, "utf8");
  });

  it("passes every answer through whole, the cut one included", () => {
    expect(recorded.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(recorded[3]!.text.length).toBeGreaterThan(10_000);
    expect(notice).toMatch(/5 exchanges in .*calls\.har/);
  });

  it("writes a complete HAR 1.2 file atomically (no temporary file left)", () => {
    const har = parseHar(written);
    expect(har.log.version).toBe("1.2");
    expect(har.log.entries).toHaveLength(CALLS.length);
    expect(readdirSync(work)).toEqual(["calls.har"]);
  });

  it("keeps no credential: headers, the key parameter, cookies and an echoed FEEDGATE_* secret are replaced", () => {
    for (const secret of [TEST_KEY, TEST_KEY.slice(3), ENV_SECRET])
      expect(written).not.toContain(secret);
    const gemini = parseHar(written).log.entries[4]!.request;
    const header = (name: string) => gemini.headers.find((h) => h.name === name)?.value;
    expect(header("authorization")).toBe("[redacted]");
    expect(header("x-goog-api-key")).toBe("[redacted]");
    expect(header("cookie")).toBe("[redacted]");
    expect(gemini.queryString).toContainEqual({ name: "key", value: "[redacted]" });
    const echo = parseHar(written).log.entries[2]!;
    expect(echo.request.postData?.text).toContain("my token is [redacted]");
    expect(echo.response.content.text).toContain("my token is [redacted]");
  });

  it("cuts a body over the cap and says where", () => {
    const { request, response } = parseHar(written).log.entries[3]!;
    expect(request.postData?._truncated).toBe(8192);
    expect(request.bodySize).toBeGreaterThan(10_000);
    const content = response.content;
    expect(content._truncated).toBe(8192);
    expect(content.size).toBe(Buffer.byteLength(recorded[3]!.text));
    expect(content.comment).toBe(`cut at 8192 of ${content.size} bytes (the recording's cap)`);
  });

  it("records a stream's chunks with their arrival times", () => {
    const content = parseHar(written).log.entries[1]!.response.content;
    const chunks = content._chunks!;
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.reduce((n, c) => n + c.size, 0)).toBe(content.text!.length);
    for (let i = 1; i < chunks.length; i++)
      expect(chunks[i]!.time).toBeGreaterThanOrEqual(chunks[i - 1]!.time);
  });

  it("replays the same bodies byte for byte and the same events in order, with any key", async () => {
    // The fake accepts another key than the one recorded: matching ignores credentials.
    const { cli, json } = await started(["mock", "gateway", "--replay", file], {
      FEEDGATE_API_KEY: "sk-not-the-recorded-key",
    });
    const again: Array<{ status: number; text: string }> = [];
    for (const call of CALLS)
      again.push(await send(json["gatewayUrl"]!, call, "sk-not-the-recorded-key"));
    await stop(cli);
    for (const i of [0, 1, 4]) expect(again[i], CALLS[i]!.path).toEqual(recorded[i]);
    expect(eventsIn(again[1]!.text)).toEqual(eventsIn(recorded[1]!.text));
    expect(eventsIn(again[1]!.text).length).toBeGreaterThan(3);
    // A request whose body was cut matches no recording: the fake answers it itself.
    expect(again[3]!.status).toBe(200);
    expect(again[3]!.text).not.toBe(recorded[3]!.text);
    expect(cli.stderr()).toMatch(/5 recorded answers from .*: 0 drift from the documents/);
  });
});

describe("the recording proxy", () => {
  it("passes a stream through as it arrives (nothing held back) and stops cleanly mid-stream", async () => {
    const { cli, json, file } = await recording(fixture.gateway.url);
    fixture.gateway.responses.scriptStream({ transcript: "a b c d e f", stallAfter: 3 });
    const response = await fetch(`${json["url"]}/v1/responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5.2", input: "x", stream: true }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    // The upstream stalls after 3 events: they can only arrive if the proxy passes them on at once.
    for (let i = 0; i < 100 && eventsIn(text).length < 3; i++) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(eventsIn(text)).toHaveLength(3);
    const result = await stop(cli);
    expect(result.stderr).toMatch(/0 exchanges in .* \(1 under way were not recorded\)/);
    expect(parseHar(readFileSync(file, "utf8")).log.entries).toEqual([]);
    await reader.cancel().catch(() => {});
  });

  it("sends the key to the target origin only, whatever the request's Host or absolute URL names", async () => {
    let elsewhere = 0;
    const other = createServer((_req, res) => {
      elsewhere += 1;
      res.end("{}");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherHost = `127.0.0.1:${(other.address() as AddressInfo).port}`;
    const { cli, json } = await recording(fixture.gateway.url);
    const proxy = new URL(json["url"]!);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: proxy.hostname,
          port: proxy.port,
          method: "POST",
          path: `http://${otherHost}/v1/responses/input_tokens`,
          headers: {
            host: otherHost,
            authorization: `Bearer ${TEST_KEY}`,
            "content-type": "application/json",
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ model: "gpt-5.2", input: "hi" }));
    });
    await stop(cli);
    other.close();
    expect(status).toBe(200);
    expect(elsewhere).toBe(0);
    const last = fixture.gateway.requests.at(-1)!;
    expect(last.path).toBe("/v1/responses/input_tokens");
    expect(last.headers["host"]).toBe(new URL(fixture.gateway.url).host);
  });

  it("refuses a target that is not an http(s) URL", async () => {
    const dir = await mkdtemp(join(tmpdir(), "feedgate-record-"));
    const { runCli } = await import("../e2e/helpers.js");
    const result = await runCli(["record", "--target", "file:///etc", "--out", join(dir, "x.har")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--target must be an http or https URL/);
  });
});

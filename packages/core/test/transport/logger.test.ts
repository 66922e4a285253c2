import { inspect } from "node:util";
import { json, problem, recordingSleep, scriptedFetch } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { createResilientFetch, type LogFields } from "../../src/index.js";

const KEY = "sk-live-9f8e7d6c5b4a3210";

function capture() {
  const records: Array<{ level: string; message: string; fields: LogFields }> = [];
  const logger = {
    debug: (message: string, fields: LogFields) =>
      records.push({ level: "debug", message, fields }),
    info: (message: string, fields: LogFields) => records.push({ level: "info", message, fields }),
    warn: (message: string, fields: LogFields) => records.push({ level: "warn", message, fields }),
    error: (message: string, fields: LogFields) =>
      records.push({ level: "error", message, fields }),
  };
  return { logger, records };
}

const keyed = (url: string) =>
  new Request(url, {
    method: "POST",
    body: "{}",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      authorization: `Bearer ${KEY}`,
      "x-goog-api-key": KEY,
    },
  });

describe("the logger hook", () => {
  it("is off by default: nothing is printed anywhere", async () => {
    const { fetch } = scriptedFetch([problem(503, "x"), json(200, {})]);
    const spy = { called: false };
    const original = console.warn;
    console.warn = () => (spy.called = true);
    try {
      await createResilientFetch({ fetch, sleep: recordingSleep().sleep })(
        new Request("https://feed.example/x"),
      );
    } finally {
      console.warn = original;
    }
    expect(spy.called).toBe(false);
  });

  it("reports requests and answers at debug, retries at warn, waits at info", async () => {
    const { logger, records } = capture();
    const { fetch } = scriptedFetch([problem(503, "x", { "retry-after": "2" }), json(200, {})]);
    await createResilientFetch({ fetch, sleep: recordingSleep().sleep, logger, logLevel: "debug" })(
      new Request("https://feed.example/api/v1/hot-topics"),
    );
    const events = records.map((r) => `${r.level}:${r.fields.event}`);
    expect(events).toEqual([
      "debug:request",
      "debug:response",
      "warn:retry",
      "info:wait",
      "debug:request",
      "debug:response",
    ]);
    const wait = records.find((r) => r.fields.event === "wait")!;
    expect(wait.fields).toMatchObject({ delayMs: 2000, source: "retry-after" });
    expect(records[0]!.fields).toMatchObject({
      method: "GET",
      url: "https://feed.example/api/v1/hot-topics",
      attempt: 1,
    });
  });

  it("filters by level (default info: no per-request records)", async () => {
    const { logger, records } = capture();
    const { fetch } = scriptedFetch([json(200, {})]);
    await createResilientFetch({ fetch, logger })(new Request("https://feed.example/x"));
    expect(records).toEqual([]);
  });

  it("accepts a partial logger and survives one that throws", async () => {
    const { fetch } = scriptedFetch([problem(500, "x"), json(200, {})]);
    const logger = {
      warn: () => {
        throw new Error("broken sink");
      },
    };
    const response = await createResilientFetch({ fetch, logger, sleep: recordingSleep().sleep })(
      new Request("https://feed.example/x"),
    );
    expect(response.status).toBe(200);
  });

  it("never prints the API key: not in messages, fields, URLs or errors", async () => {
    const { logger, records } = capture();
    const echo = json(500, { error: { message: `upstream rejected key ${KEY}`, type: "x" } });
    const { fetch } = scriptedFetch([
      new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }),
      echo,
    ]);
    const rf = createResilientFetch({
      fetch,
      logger,
      logLevel: "debug",
      sleep: recordingSleep().sleep,
      maxRetries: 1,
    });
    await rf(keyed(`https://gw.example/v1/responses?key=${KEY}`));
    const failing = scriptedFetch([
      Object.assign(new TypeError(`fetch failed for ${KEY}`), {
        cause: { code: "UND_ERR_SOCKET", message: `reset ${KEY}` },
      }),
    ]);
    const error = await createResilientFetch({
      fetch: failing.fetch,
      logger,
      logLevel: "debug",
      sleep: recordingSleep().sleep,
    })(keyed("https://gw.example/v1/responses")).catch((e: unknown) => e);
    const everything =
      JSON.stringify(records) +
      inspect(records, { depth: Infinity }) +
      inspect(error, { depth: Infinity }) +
      JSON.stringify(error) +
      String(error);
    expect(records.length).toBeGreaterThan(3);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(KEY.slice(3));
    expect(everything).toContain("[redacted]");
  });
});

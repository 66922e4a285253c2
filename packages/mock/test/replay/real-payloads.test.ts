// The recorded real payloads (../shared/reference/real-payloads), converted to one HAR file at
// test time, replayed by the fakes: every answer comes back byte for byte, streams event by event,
// and the check on load names what the one nonconforming (synthetic) payload gets wrong.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REAL_PAYLOADS_MISSING } from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FeedFake,
  type GatewayFake,
  loadReplay,
  type Replay,
  startFeedFake,
  startGatewayFake,
} from "../../src/index.js";
import { answerText, eventsOf, realPayloadsHar, SOURCES } from "./real-payloads-har.js";

const har = realPayloadsHar();
if (!har) console.warn(REAL_PAYLOADS_MISSING);

describe.skipIf(!har)("the real payloads, as one HAR file, replayed by the fakes", () => {
  let file: string;
  let replay: Replay;
  let feed: FeedFake;
  let gateway: GatewayFake;
  beforeAll(async () => {
    file = join(mkdtempSync(join(tmpdir(), "feedgate-har-")), "real-payloads.har");
    writeFileSync(file, JSON.stringify(har));
    replay = loadReplay(file);
    feed = await startFeedFake({ replay });
    gateway = await startGatewayFake({ replay });
  });
  afterAll(async () => {
    await feed?.close();
    await gateway?.close();
  });

  it("holds every payload", () => {
    expect(replay.entries).toBe(SOURCES.length);
  });

  it("finds drift in the synthetic codex-resets payload only, each place named by its JSON pointer", () => {
    const drift = replay.findings.filter((f) => f.severity === "drift");
    expect(new Set(drift.map((f) => `${f.operation} ${f.status}`))).toEqual(
      new Set(["codexResets 200"]),
    );
    const pointers = drift.map((f) => f.pointer);
    expect(pointers).toContain("/events/0/label");
    expect(drift.find((f) => f.pointer === "/events/0/label")).toMatchObject({
      expected: "present (required)",
      seen: "absent",
    });
  });

  it("reports the real answers' undeclared fields as notices, not drift", () => {
    const notices = replay.findings.filter((f) => f.severity === "notice");
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => n.expected === "undeclared")).toBe(true);
  });

  for (const source of SOURCES) {
    it(`${source.file}: the recorded answer, byte for byte`, async () => {
      const base = source.file.startsWith("feed/") ? feed.url : gateway.url;
      const response = await fetch(base + source.url, {
        method: source.method ?? "GET",
        // A different key and key order than recorded: credentials and spelling do not matter.
        headers: { authorization: "Bearer sk-another-key" },
        ...(source.body === undefined
          ? {}
          : {
              body: JSON.stringify(
                Object.fromEntries(Object.entries(source.body as object).reverse()),
              ),
            }),
      });
      expect(response.status).toBe(source.status ?? 200);
      expect(await response.text()).toBe(answerText(source));
    });
  }

  it("streams a recorded transcript event by event, in order", async () => {
    const source = SOURCES.find((s) => s.stream === "sse" && s.url === "/v1/responses")!;
    const response = await fetch(`${gateway.url}/v1/responses`, {
      method: "POST",
      body: JSON.stringify(source.body),
    });
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of response.body!) text += decoder.decode(chunk, { stream: true });
    expect(eventsOf(text)).toEqual(eventsOf(answerText(source)));
    expect(eventsOf(text)).toHaveLength(14);
  });

  it("answers a request it did not record with the fake's own behaviour", async () => {
    const response = await fetch(`${feed.url}/api/v1/items?mode=all`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });
});

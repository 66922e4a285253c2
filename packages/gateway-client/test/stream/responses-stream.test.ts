import { describe, expect, it } from "vitest";
import { collectResponse } from "../../src/collect.js";
import { AbortError, isFeedgateError, StreamError, TimeoutError } from "../../src/index.js";
import { chunkBytes, scriptedClient, splitBytes } from "../support/scripted-server.js";
import {
  dataOf,
  failingResponsesTranscript,
  responsesTranscript,
  transcriptsAvailable,
} from "../support/transcripts.js";

const SSE = { "content-type": "text/event-stream; charset=utf-8", "x-request-id": "req_stream_1" };
const gw = scriptedClient("sk-test-stream-key");

async function types(chunks: Array<string | Uint8Array | number>) {
  gw.server.script({ headers: SSE, chunks });
  const stream = await gw.client.responses.stream({ model: "gpt-5.2", input: "count" });
  const seen: string[] = [];
  for await (const event of stream) seen.push((event as { type: string }).type);
  return seen;
}

describe.skipIf(!transcriptsAvailable)(
  "Responses stream: the recorded transcript under awkward chunking",
  () => {
    const expected = () => dataOf(responsesTranscript()).map((e) => e["type"] as string);

    it("decodes every event in order, delivered whole", async () => {
      expect(expected()).toHaveLength(14);
      expect(await types([responsesTranscript()])).toEqual(expected());
    });

    it("decodes it in 7-byte chunks (boundaries mid-line and mid-field)", async () => {
      expect(await types(chunkBytes(responsesTranscript(), 7))).toEqual(expected());
    });

    it("decodes it with CRLF line endings split between CR and LF", async () => {
      const crlf = responsesTranscript().replaceAll("\n", "\r\n");
      const cuts = [...crlf.matchAll(/\r\n/g)].map((m) => m.index! + 1);
      expect(await types(splitBytes(crlf, cuts))).toEqual(expected());
    });

    it("collects the completed Response and its output_text", async () => {
      gw.server.script({ headers: SSE, chunks: chunkBytes(responsesTranscript(), 64) });
      const { response, outputText } = await collectResponse(
        await gw.client.responses.stream({ model: "gpt-5.2", input: "x" }),
      );
      const deltas = dataOf(responsesTranscript())
        .filter((e) => e["type"] === "response.output_text.delta")
        .map((e) => e["delta"])
        .join("");
      expect(response.status).toBe("completed");
      expect(outputText).toBe(deltas);
      expect(outputText.length).toBeGreaterThan(0);
    });

    it("turns the in-stream error event into a typed error, after the events before it", async () => {
      gw.server.script({ headers: SSE, chunks: chunkBytes(failingResponsesTranscript(), 50) });
      const stream = await gw.client.responses.stream({ model: "gpt-5-nano", input: "x" });
      const seen: string[] = [];
      const error = await (async () => {
        try {
          for await (const event of stream) seen.push((event as { type: string }).type);
        } catch (err) {
          return err;
        }
      })();
      expect(seen).toEqual(["response.created", "response.in_progress"]);
      expect(error).toBeInstanceOf(StreamError);
      expect(isFeedgateError(error, "stream")).toBe(true);
      expect(error).toMatchObject({ code: "insufficient_quota", requestId: "req_stream_1" });
      expect((error as Error).message).not.toContain("req_stream_1");
    });
  },
);

describe("Responses stream: framing details", () => {
  const event = (type: string, extra = "") =>
    `event: ${type}\ndata: {"type":"${type}","sequence_number":0${extra}}\n\n`;

  it("skips `: PING` keep-alives and other comments", async () => {
    expect(
      await types([
        ": PING\n\n",
        event("response.created"),
        ":keep-alive\n\n",
        event("response.in_progress"),
        event("response.completed"),
      ]),
    ).toEqual(["response.created", "response.in_progress", "response.completed"]);
  });

  it("joins multi-line data fields", async () => {
    expect(
      await types(['event: response.completed\ndata: {"type":\ndata: "response.completed"}\n\n']),
    ).toEqual(["response.completed"]);
  });

  it("ends at data: [DONE] and ignores anything after it", async () => {
    expect(
      await types([event("response.completed"), "data: [DONE]\n\n", event("response.in_progress")]),
    ).toEqual(["response.completed"]);
  });

  it("keeps a multi-byte character split across chunks intact", async () => {
    const text = event("response.output_text.delta", ',"delta":"日报：模型发布"');
    const bytes = new TextEncoder().encode(text);
    const mid = new TextEncoder().encode(text.slice(0, text.indexOf("报"))).length + 1; // inside 报's 3 bytes
    gw.server.script({
      headers: SSE,
      chunks: [bytes.slice(0, mid), 20, bytes.slice(mid), event("response.completed")],
    });
    const stream = await gw.client.responses.stream({ model: "m", input: "x" });
    const deltas: string[] = [];
    for await (const e of stream) deltas.push((e as { delta: string }).delta);
    expect(deltas).toEqual(["日报：模型发布", undefined]);
  });

  it("fails a stream that ends before a terminal event when collected", async () => {
    gw.server.script({ headers: SSE, chunks: [event("response.created")] });
    await expect(
      collectResponse(await gw.client.responses.stream({ model: "m", input: "x" })),
    ).rejects.toMatchObject({
      kind: "stream",
      code: "stream_truncated",
    });
  });

  it("ends a stalled stream with a typed idle-timeout error and closes the connection", async () => {
    gw.server.script({ headers: SSE, chunks: [event("response.created")], stall: true });
    const stream = await gw.client.responses.stream(
      { model: "m", input: "x" },
      { idleTimeoutMs: 150 },
    );
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const e of stream) seen.push((e as { type: string }).type);
      })(),
    ).rejects.toSatisfy(
      (e) => e instanceof TimeoutError && e.kind === "timeout" && e.code === "stream_idle_timeout",
    );
    expect(seen).toEqual(["response.created"]);
    await gw.server.closed();
  });

  it("cancels the request when the caller aborts mid-stream", async () => {
    gw.server.script({ headers: SSE, chunks: [event("response.created")], stall: true });
    const controller = new AbortController();
    const stream = await gw.client.responses.stream(
      { model: "m", input: "x" },
      { signal: controller.signal },
    );
    const iterate = (async () => {
      for await (const _ of stream)
        controller.abort(new DOMException("user pressed Ctrl-C", "AbortError"));
    })();
    const error = await iterate.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ name: "AbortError", kind: "aborted", code: "aborted" });
    // The signal's reason stays reachable, as the cause.
    expect((error as Error).cause).toMatchObject({
      name: "AbortError",
      message: "user pressed Ctrl-C",
    });
    await gw.server.closed();
  });

  it("cancels the request when the consumer breaks out of the loop", async () => {
    gw.server.script({
      headers: SSE,
      chunks: [event("response.created"), event("response.in_progress")],
      stall: true,
    });
    const stream = await gw.client.responses.stream({ model: "m", input: "x" });
    for await (const _ of stream) break;
    await gw.server.closed();
  });

  it("tees one stream into two consumers that see the same events", async () => {
    gw.server.script({
      headers: SSE,
      chunks: [event("response.created"), 10, event("response.completed")],
    });
    const [a, b] = (await gw.client.responses.stream({ model: "m", input: "x" })).tee();
    const read = async (s: AsyncIterable<unknown>) => {
      const out: string[] = [];
      for await (const e of s) out.push((e as { type: string }).type);
      return out;
    };
    const [ra, rb] = await Promise.all([read(a), read(b)]);
    expect(ra).toEqual(["response.created", "response.completed"]);
    expect(rb).toEqual(ra);
  });

  it("refuses to iterate one stream twice", async () => {
    gw.server.script({ headers: SSE, chunks: [event("response.completed")] });
    const stream = await gw.client.responses.stream({ model: "m", input: "x" });
    for await (const _ of stream) void _;
    await expect(
      (async () => {
        for await (const _ of stream) void _;
      })(),
    ).rejects.toThrow(/already iterated/);
  });
});

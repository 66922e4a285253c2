import { describe, expect, it } from "vitest";
import { collectGenerateContent } from "../../src/collect.js";
import { chunkBytes, scriptedClient, splitBytes } from "../support/scripted-server.js";
import { dataOf, geminiTranscript, transcriptsAvailable } from "../support/transcripts.js";

const SSE = { "content-type": "text/event-stream", "x-oneapi-request-id": "2026112212000012345" };
const gw = scriptedClient("sk-test-gemini-key");

const body = { contents: [{ role: "user", parts: [{ text: "count to 40" }] }] };

describe.skipIf(!transcriptsAvailable)("Gemini alt=sse stream: the recorded transcript", () => {
  const chunks = () => dataOf(geminiTranscript());

  it("asks for SSE framing and decodes each chunk, CRLF split between CR and LF", async () => {
    const text = geminiTranscript();
    const cuts = [...text.matchAll(/\r\n/g)].map((m) => m.index! + 1);
    gw.server.script({ headers: SSE, chunks: splitBytes(text, cuts) });
    const stream = await gw.client.gemini.streamGenerateContent("gemini-2.5-flash", body);
    const seen = [];
    for await (const chunk of stream) seen.push(chunk);
    expect(seen).toEqual(chunks());
    expect(stream.requestId).toBe("2026112212000012345");
    const request = gw.server.requests.at(-1)!;
    expect(request.url).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
  });

  it("aggregates the chunks into one candidate", async () => {
    gw.server.script({ headers: SSE, chunks: chunkBytes(geminiTranscript(), 33) });
    const result = await collectGenerateContent(
      await gw.client.gemini.streamGenerateContent("gemini-2.5-flash", body),
    );
    const expectedText = chunks()
      .flatMap(
        (c) =>
          (c["candidates"] as Array<{ content: { parts: Array<{ text?: string }> } }>)[0]!.content
            .parts,
      )
      .map((p) => p.text ?? "")
      .join("");
    const candidate = result.candidates![0]!;
    expect(candidate.content!.parts!.map((p) => (p as { text?: string }).text).join("")).toBe(
      expectedText,
    );
    expect(candidate.content!.parts).toHaveLength(1);
    expect(candidate.finishReason).toBe("STOP");
    expect(result.usageMetadata).toEqual(chunks().at(-1)!["usageMetadata"]);
    expect(result.responseId).toBe("ru1garvBEoOiqtsP2fznmQw");
  });
});

describe("Gemini stream errors", () => {
  it("turns an in-stream error chunk into a typed error", async () => {
    gw.server.script({
      headers: SSE,
      chunks: [
        'data: {"candidates":[{"content":{"parts":[{"text":"a"}],"role":"model"},"index":0}]}\r\n\r\n',
        'data: {"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}\r\n\r\n',
      ],
    });
    const stream = await gw.client.gemini.streamGenerateContent("gemini-2.5-flash", body);
    await expect(collectGenerateContent(stream)).rejects.toMatchObject({
      kind: "stream",
      code: "RESOURCE_EXHAUSTED",
    });
  });

  it("refuses a model id that would change the path, before any request", async () => {
    const before = gw.server.requests.length;
    await expect(
      gw.client.gemini.streamGenerateContent("../v1/responses", body),
    ).rejects.toMatchObject({
      name: "InvalidRequestError",
      kind: "invalid_request",
      param: "model",
    });
    await expect(gw.client.gemini.generateContent("gemini:evil", body)).rejects.toMatchObject({
      name: "InvalidRequestError",
      kind: "invalid_request",
      param: "model",
    });
    expect(gw.server.requests.length).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentImage, contentImages, streamContentImages } from "../../src/collect.js";
import { createGatewayClient, type GenerateContentResponse } from "../../src/index.js";
import { startScriptedServer } from "../support/scripted-server.js";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const answer = (parts: unknown[], index = 0) =>
  ({ candidates: [{ index, content: { role: "model", parts } }] }) as GenerateContentResponse;

describe("images of a generateContent answer", () => {
  it("extracts every inline image/* part with its mime type and bytes, and nothing else", () => {
    const images = contentImages(
      answer([
        { text: "Here it is" },
        { inlineData: { mimeType: "image/png", data: PNG } },
        { inlineData: { mimeType: "audio/wav", data: "AAAA" } },
        { thought: true, text: "…" },
        { inlineData: { mimeType: "image/jpeg", data: "/9j/" } },
      ]),
    );
    expect(images.map((i) => i.mimeType)).toEqual(["image/png", "image/jpeg"]);
    expect([...images[0]!.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(images[0]!.bytes.byteLength).toBe(70);
    expect([...images[1]!.bytes.slice(0, 2)]).toEqual([0xff, 0xd8]);
    expect(images.every((i) => i.candidate === 0)).toBe(true);
  });

  it("treats a hostile answer as data: wrong shapes are skipped, bad base64 and oversize images fail typed", () => {
    expect(contentImages({ candidates: "x" } as never)).toEqual([]);
    expect(
      contentImages(
        answer([null, { inlineData: { mimeType: 7, data: PNG } }, { inlineData: "x" }]),
      ),
    ).toEqual([]);
    expect(() =>
      contentImages(answer([{ inlineData: { mimeType: "image/png", data: "not base64!" } }])),
    ).toThrowError(expect.objectContaining({ kind: "invalid_response", code: "bad_image_data" }));
    expect(() =>
      contentImages(answer([{ inlineData: { mimeType: "image/png", data: PNG } }]), {
        maxImageBytes: 10,
      }),
    ).toThrowError(expect.objectContaining({ code: "image_too_large" }));
    expect(() => contentImages(answer([]), { maxImageBytes: 0 })).toThrowError(
      expect.objectContaining({ kind: "invalid_request" }),
    );
  });
});

describe("images of a streamGenerateContent stream", () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());

  it("yields each image as the chunk carrying it arrives", async () => {
    const last = {
      candidates: [
        {
          index: 0,
          finishReason: "STOP",
          content: {
            role: "model",
            parts: [{ text: "done." }, { inlineData: { mimeType: "image/png", data: PNG } }],
          },
        },
      ],
    };
    const chunks = [answer([{ text: "Drawing " }]), last];
    server.script({
      headers: { "content-type": "text/event-stream" },
      chunks: chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`),
    });
    const client = createGatewayClient({ baseUrl: server.url, apiKey: "sk-test-gemini-key" });
    const stream = await client.gemini.streamGenerateContent("gemini-image", {
      contents: [{ role: "user", parts: [{ text: "a cat" }] }],
    });
    const images: ContentImage[] = [];
    for await (const image of streamContentImages(stream)) images.push(image);
    expect(images).toHaveLength(1);
    expect(images[0]!.mimeType).toBe("image/png");
    expect([...images[0]!.bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });
});

describe("bounded in count and in total (issue 33 item 4)", () => {
  const inline = { inlineData: { mimeType: "image/png", data: PNG } };
  async function* chunks(count: number, seen: { read: number }) {
    for (let i = 0; i < count; i++) {
      seen.read++;
      yield answer([inline, inline]);
    }
  }

  it("an answer gives at most maxImages images (16 by default)", () => {
    expect(contentImages(answer(Array(20).fill(inline)))).toHaveLength(16);
    expect(contentImages(answer([inline, inline, inline]), { maxImages: 2 })).toHaveLength(2);
  });

  it("a stream stops reading at the count asked for", async () => {
    const seen = { read: 0 };
    const images: ContentImage[] = [];
    for await (const image of streamContentImages(chunks(10, seen), { maxImages: 3 }))
      images.push(image);
    expect(images).toHaveLength(3);
    expect(seen.read).toBe(2);
  });

  it("a stream's images over maxTotalBytes in all end in a LimitExceededError", async () => {
    const images: ContentImage[] = [];
    const error = await (async () => {
      for await (const image of streamContentImages(chunks(10, { read: 0 }), {
        maxTotalBytes: 200,
      }))
        images.push(image);
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "limit_exceeded", code: "max_image_bytes" });
    expect(images.length).toBeLessThan(4);
  });
});

import { describe, expect, it } from "vitest";
import { imageWorkflows } from "../../src/image-workflows.js";
import { createGatewayClient, InvalidRequestError, isImageTask } from "../../src/index.js";

function recorder(
  answer: unknown = { created: 1, data: [{ url: "https://cdn.example/1.png", b64_json: "" }] },
) {
  const bodies: Array<{ url: string; body: unknown }> = [];
  const fetch = async (r: Request) => {
    bodies.push({ url: r.url, body: JSON.parse(await r.text()) });
    return new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json" },
    });
  };
  const client = createGatewayClient({
    baseUrl: "https://gateway.example",
    apiKey: "sk-image",
    fetch,
  });
  return { bodies, gw: { images: imageWorkflows(client) } };
}

const REFS = ["https://img.example/a.png", "https://img.example/b.png"];
// Extra fields a JavaScript caller might pass: none of them may reach the wire.
const NOISE = {
  n: 4,
  quality: "high",
  images: REFS,
  input_region: "Oversea",
  aspect_ratio: "1:1",
  resolution: "4K",
  style: "vivid",
};

describe("each image workflow sends exactly its own fields", () => {
  const cases = [
    [
      "textToImage",
      { model: "Nano-Banana2", prompt: "a red fox", resolution: "4K", aspect_ratio: "16:9" },
      ["aspect_ratio", "model", "prompt", "resolution"],
    ],
    [
      "imageToImage",
      {
        model: "Nano-Banana2",
        prompt: "same fox, winter",
        images: REFS,
        resolution: "2K",
        aspect_ratio: "16:9",
      },
      ["aspect_ratio", "images", "model", "prompt", "resolution"],
    ],
    [
      "gptImage",
      {
        model: "GPT-image-2",
        quality: "low",
        resolution: "1K",
        prompt: "a logo",
        images: REFS,
        aspect_ratio: "1:1",
      },
      ["aspect_ratio", "images", "model", "prompt", "quality", "resolution"],
    ],
    [
      "regionalImageToImage",
      {
        model: "Kling:3.0-omni",
        prompt: "fox",
        images: REFS,
        input_region: "Oversea",
        resolution: "2k",
        aspect_ratio: "16:9",
      },
      ["aspect_ratio", "images", "input_region", "model", "prompt", "resolution"],
    ],
    [
      "multiImage",
      { model: "Nano-Banana2", resolution: "2K", prompt: "four foxes", aspect_ratio: "1:1", n: 4 },
      ["aspect_ratio", "model", "n", "prompt", "resolution"],
    ],
    [
      "multiImageWithoutAspect",
      { model: "Seedream:4.5", resolution: "2K", prompt: "three foxes, 16:9", n: 3 },
      ["model", "n", "prompt", "resolution"],
    ],
    [
      "multiGptImage",
      {
        model: "GPT-image-2",
        quality: "medium",
        resolution: "1K",
        prompt: "icons",
        images: REFS,
        aspect_ratio: "1:1",
        n: 2,
      },
      ["aspect_ratio", "images", "model", "n", "prompt", "quality", "resolution"],
    ],
    [
      "panorama",
      { model: "Hunyuan-3d-2.0", prompt: "a mountain lake at dawn" },
      ["model", "prompt"],
    ],
  ] as const;

  for (const [workflow, params, fields] of cases) {
    it(workflow, async () => {
      const { bodies, gw } = recorder();
      await (gw.images[workflow] as (p: object) => Promise<unknown>)({ ...NOISE, ...params });
      const sent = bodies[0]!.body as Record<string, unknown>;
      expect(Object.keys(sent).sort()).toEqual([...fields]);
      for (const field of fields)
        expect(sent[field]).toEqual((params as Record<string, unknown>)[field]);
      expect(bodies[0]!.url).toBe("https://gateway.example/v1/images/generations");
    });
  }

  it("merges extraBody, the one way to send a field the workflow does not list", async () => {
    const { bodies, gw } = recorder();
    await gw.images.textToImage({
      model: "Nano-Banana2",
      prompt: "fox",
      extraBody: { seed: 7, watermark: false },
    });
    expect(bodies[0]!.body).toEqual({
      model: "Nano-Banana2",
      prompt: "fox",
      seed: 7,
      watermark: false,
    });
  });

  it("a sync generation is sent once even when the call asks for retries: each one is billed", async () => {
    let sent = 0;
    const client = createGatewayClient({
      baseUrl: "https://gateway.example",
      apiKey: "sk-image",
      maxRetries: 3,
      fetch: async () => (
        sent++,
        new Response('{"error":{"message":"busy","type":"t","code":""}}', {
          status: 429,
          headers: { "content-type": "application/json" },
        })
      ),
    });
    const error = await imageWorkflows(client)
      .textToImage({ model: "m", prompt: "p" }, { maxRetries: 3 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "RateLimitError", status: 429, attempts: 1 });
    expect(sent).toBe(1);
  });

  it("submits a task with async=true as a query parameter, not a body field", async () => {
    const { bodies, gw } = recorder({
      task_id: "task_0123456789abcdef0123456789abcdef",
      status: "queued",
    });
    const task = await gw.images.panorama(
      { model: "Hunyuan-3d-2.0", prompt: "lake" },
      { async: true },
    );
    expect(bodies[0]!.url).toBe("https://gateway.example/v1/images/generations?async=true");
    expect(bodies[0]!.body).toEqual({ model: "Hunyuan-3d-2.0", prompt: "lake" });
    expect(task.kind).toBe("task");
    expect(task.kind === "task" && isImageTask(task.task)).toBe(true);
  });
});

describe("bad workflow input is refused before any request", () => {
  const bad = [
    ["textToImage", { model: "m" }, /prompt: required/],
    ["imageToImage", { model: "m", prompt: "p", images: [] }, /images: a non-empty list/],
    [
      "imageToImage",
      { model: "m", prompt: "p", images: ["file:///etc/passwd"] },
      /images: a non-empty list of http\(s\) URLs/,
    ],
    [
      "regionalImageToImage",
      { model: "m", prompt: "p", images: REFS, input_region: "Mars" },
      /input_region: one of Mainland, Oversea, OverseaUSWest/,
    ],
    ["multiImage", { model: "m", prompt: "p", n: 0 }, /n: a whole number of at least 1/],
    ["multiImage", { model: "m", prompt: "p", n: 2.5 }, /n: a whole number/],
    ["gptImage", { model: "m", prompt: "p" }, /quality: required/],
    ["panorama", { model: "", prompt: "p" }, /model: a non-empty string/],
  ] as const;
  for (const [workflow, params, message] of bad) {
    it(`${workflow} ${JSON.stringify(params)}`, async () => {
      const { bodies, gw } = recorder();
      const error = await (gw.images[workflow] as (p: object) => Promise<unknown>)(params).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({
        kind: "invalid_request",
        code: "invalid_argument",
        message: expect.stringMatching(message),
      });
      expect((error as { param: string }).param).toBe(String(message).slice(1).split(":")[0]);
      expect(bodies).toHaveLength(0);
    });
  }
});

describe("isImageTask tells results from tasks", () => {
  it("by the task id and status", () => {
    expect(isImageTask({ task_id: "t", status: "in_progress" } as never)).toBe(true);
    expect(isImageTask({ id: "t", status: "queued" } as never)).toBe(true);
    expect(isImageTask({ created: 1, data: [{ url: "u" }] } as never)).toBe(false);
  });
});

// The official `openai` SDK, used as its own docs use it, against the gateway fake with the
// source's defaults (issue 20 item 1). Calls the real gateway does not route are asserted as the
// real gateway answers them: the NoRoute 404, which the SDK raises as NotFoundError.
import OpenAI from "openai";
import { beforeAll, describe, expect, it } from "vitest";
import type { GatewayFake } from "../../src/index.js";
import { PIXEL_PNG } from "../../src/internal/gateway/images.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake;
let client: OpenAI;
const model = "gpt-5.2";

beforeAll(async () => {
  fake = await servers.gateway();
  // maxRetries 0: the typed errors below must not be retried into slow tests.
  client = new OpenAI({ apiKey: fake.apiKey, baseURL: `${fake.url}/v1`, maxRetries: 0 });
});

describe("openai SDK: Responses", () => {
  it("creates a response", async () => {
    const response = await client.responses.create({ model, input: "Say hello" });
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe("Echo: Say hello");
  });

  it("streams with stream: true, ending with response.completed", async () => {
    const stream = await client.responses.create({ model, input: "one two three", stream: true });
    const types: string[] = [];
    let text = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.output_text.delta") text += event.delta;
    }
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(text).toBe("Echo: one two three");
  });

  it("runs the responses.stream() helper to finalResponse() (needs output_item.added with content: [])", async () => {
    const stream = client.responses.stream({ model, input: "four five" });
    const deltas: string[] = [];
    stream.on("response.output_text.delta", (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe("Echo: four five");
    expect(deltas.join("")).toBe("Echo: four five");
  });

  it("compacts", async () => {
    const compacted = await client.responses.compact({ model, input: "a long history" });
    expect(compacted.object).toBe("response.compaction");
    expect(compacted.output.at(-1)).toMatchObject({ type: "compaction" });
  });

  it("retrieve, delete, cancel and input-token count are unrouted on the real gateway: NotFoundError (NoRoute 404)", async () => {
    const created = await client.responses.create({ model, input: "x" });
    const calls: Array<[string, () => Promise<unknown>]> = [
      [`GET /v1/responses/${created.id}`, () => client.responses.retrieve(created.id)],
      [`DELETE /v1/responses/${created.id}`, () => client.responses.delete(created.id)],
      [`POST /v1/responses/${created.id}/cancel`, () => client.responses.cancel(created.id)],
      [
        "POST /v1/responses/input_tokens",
        () => client.responses.inputTokens.count({ model, input: "x" }),
      ],
    ];
    for (const [route, call] of calls) {
      const error = await call().catch((e: unknown) => e);
      expect(error, route).toBeInstanceOf(OpenAI.NotFoundError);
      expect((error as InstanceType<typeof OpenAI.NotFoundError>).message).toContain(
        `Invalid URL (${route})`,
      );
    }
  });
});

describe("openai SDK: images", () => {
  it("generates an image as b64_json and as a URL the fake serves", async () => {
    const b64 = await client.images.generate({
      model: "GPT-image-2",
      prompt: "a lighthouse",
      response_format: "b64_json",
    });
    expect(
      Buffer.from(b64.data?.[0]?.b64_json ?? "", "base64")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    const url = await client.images.generate({
      model: "GPT-image-2",
      prompt: "a lighthouse",
      response_format: "url",
    });
    const file = await fetch(url.data?.[0]?.url ?? "");
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("edits an image (multipart, synchronous only), as the gateway routes /v1/images/edits", async () => {
    const image = await OpenAI.toFile(Buffer.from(PIXEL_PNG, "base64"), "in.png", {
      type: "image/png",
    });
    const edited = await client.images.edit({
      model: "GPT-image-2",
      image,
      prompt: "add a boat",
      n: 2,
      response_format: "b64_json",
    });
    expect(edited.data).toHaveLength(2);
    expect(edited.data?.[0]?.b64_json).toBe(PIXEL_PNG);
    const noModel = await client.images.edit({ image, prompt: "p" }).catch((e: unknown) => e);
    expect(noModel).toBeInstanceOf(OpenAI.InternalServerError);
  });

  it("runs the fork's async task through plain HTTP: submit with ?async=true, poll until completed", async () => {
    const headers = { authorization: `Bearer ${fake.apiKey}`, "content-type": "application/json" };
    const submitted = await fetch(`${fake.url}/v1/images/generations?async=true`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: "Nano-Banana2", prompt: "p" }),
    });
    const { task_id: taskId, status } = (await submitted.json()) as {
      task_id: string;
      status: string;
    };
    expect(status).toBe("queued");
    let task: { status: string; data?: Array<{ url: string }> } = { status };
    // Bounded: the default task runs for one poll.
    for (let poll = 0; poll < 5 && task.status !== "completed"; poll += 1) {
      task = (await (
        await fetch(`${fake.url}/v1/images/generations/${taskId}`, {
          headers: { authorization: headers.authorization },
        })
      ).json()) as typeof task;
    }
    expect(task.status).toBe("completed");
    expect(task.data?.[0]?.url).toMatch(/\/mock-files\/.+\.png$/);
  });
});

describe("openai SDK: typed errors", () => {
  it("a wrong key is AuthenticationError (401 Invalid token)", async () => {
    const wrong = new OpenAI({ apiKey: "sk-wrong", baseURL: `${fake.url}/v1`, maxRetries: 0 });
    const error = await wrong.responses.create({ model, input: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(String((error as Error).message)).toContain("Invalid token");
  });

  it("an unknown model is the 503 model_not_found (InternalServerError, code model_not_found)", async () => {
    const error = await client.responses
      .create({ model: "gpt-unknown", input: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(error).toMatchObject({ status: 503, code: "model_not_found" });
    expect(String((error as Error).message)).toContain(
      "No available channel for model gpt-unknown under group default (distributor)",
    );
  });

  it("a 429 is RateLimitError", async () => {
    fake.faults.add({ route: "createResponse", fault: { type: "status", status: 429 }, times: 1 });
    await expect(client.responses.create({ model, input: "x" })).rejects.toBeInstanceOf(
      OpenAI.RateLimitError,
    );
  });
});

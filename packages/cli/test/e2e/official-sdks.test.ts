// The official SDKs against the `feedgate mock` process (issue 20 item 1), used as their docs use
// them. `feedgate mock` opts in to every operation (so retrieve, delete, cancel and the token counts
// answer here, though the real gateway leaves them unrouted: see @feedgate/mock's SDK suite for those
// answers) and serves the demo's models. A 429 needs the fake's fault injection, which only the
// in-process fake offers: that case is in packages/mock/test/sdk.
import Anthropic from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningBin, startBin, TEST_KEY } from "./helpers.js";

let cli: RunningBin;
let gatewayUrl = "";

beforeAll(async () => {
  cli = startBin(["mock", "gateway", "--json"], { FEEDGATE_API_KEY: TEST_KEY });
  // Wait for the process's own announcement of its URL, never for time.
  await cli.waitFor(/"gatewayUrl"/);
  gatewayUrl = (JSON.parse(cli.stdout().trim().split("\n")[0] as string) as { gatewayUrl: string })
    .gatewayUrl;
});
afterAll(async () => {
  cli.child.kill("SIGINT");
  await cli.done;
});

describe("openai SDK against feedgate mock", () => {
  const client = () => new OpenAI({ apiKey: TEST_KEY, baseURL: `${gatewayUrl}/v1`, maxRetries: 0 });

  it("Responses: create, stream, the stream() helper, retrieve, delete, cancel, input tokens, compact", async () => {
    const openai = client();
    const created = await openai.responses.create({ model: "gpt-5.2", input: "Say hello" });
    expect(created.output_text).toBe("Echo: Say hello");
    const types: string[] = [];
    for await (const event of await openai.responses.create({
      model: "gpt-5.2",
      input: "x",
      stream: true,
    }))
      types.push(event.type);
    expect(types.at(-1)).toBe("response.completed");
    expect(
      (await openai.responses.stream({ model: "gpt-5.2", input: "four five" }).finalResponse())
        .output_text,
    ).toBe("Echo: four five");
    expect((await openai.responses.retrieve(created.id)).id).toBe(created.id);
    const background = await openai.responses.create({
      model: "gpt-5.2",
      input: "x",
      background: true,
      store: true,
    });
    // `background` is a field the gateway drops without pass-through: the response is already complete, so cancel refuses it.
    await expect(openai.responses.cancel(background.id)).rejects.toBeInstanceOf(
      OpenAI.BadRequestError,
    );
    await openai.responses.delete(created.id);
    await expect(openai.responses.retrieve(created.id)).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    );
    expect(
      (await openai.responses.inputTokens.count({ model: "gpt-5.2", input: "12345678" }))
        .input_tokens,
    ).toBe(2);
    expect((await openai.responses.compact({ model: "gpt-5.2", input: "history" })).object).toBe(
      "response.compaction",
    );
  });

  it("images as b64_json and URL", async () => {
    const openai = client();
    const b64 = await openai.images.generate({
      model: "GPT-image-2",
      prompt: "p",
      response_format: "b64_json",
    });
    expect(b64.data?.[0]?.b64_json).toBeTruthy();
    const url = await openai.images.generate({ model: "GPT-image-2", prompt: "p" });
    expect((await fetch(url.data?.[0]?.url ?? "")).headers.get("content-type")).toBe("image/png");
  });

  it("images.edit (multipart, synchronous), as the gateway routes /v1/images/edits", async () => {
    const image = await OpenAI.toFile(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "base64",
      ),
      "in.png",
      {
        type: "image/png",
      },
    );
    const edited = await client().images.edit({
      model: "GPT-image-2",
      image,
      prompt: "a boat",
      n: 2,
    });
    expect(edited.data).toHaveLength(2);
    expect((await fetch(edited.data?.[0]?.url ?? "")).headers.get("content-type")).toBe(
      "image/png",
    );
  });

  it("typed errors: AuthenticationError for a wrong key, the 503 model_not_found for an unknown model", async () => {
    const wrong = new OpenAI({ apiKey: "sk-wrong", baseURL: `${gatewayUrl}/v1`, maxRetries: 0 });
    await expect(wrong.responses.create({ model: "gpt-5.2", input: "x" })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
    await expect(
      client().responses.create({ model: "gpt-unknown", input: "x" }),
    ).rejects.toMatchObject({ status: 503, code: "model_not_found" });
  });
});

describe("@anthropic-ai/sdk against feedgate mock", () => {
  it("messages.countTokens with apiKey and with authToken; AuthenticationError for a wrong key", async () => {
    for (const credential of [{ apiKey: TEST_KEY }, { authToken: TEST_KEY }]) {
      const anthropic = new Anthropic({
        baseURL: gatewayUrl,
        maxRetries: 0,
        apiKey: null,
        authToken: null,
        ...credential,
      });
      expect(
        (
          await anthropic.messages.countTokens({
            model: "claude-sonnet-4-5",
            messages: [{ role: "user", content: "hi" }],
          })
        ).input_tokens,
      ).toBeGreaterThan(0);
    }
    const wrong = new Anthropic({ baseURL: gatewayUrl, maxRetries: 0, apiKey: "sk-wrong" });
    await expect(
      wrong.messages.countTokens({
        model: "claude-sonnet-4-5",
        messages: [{ role: "user", content: "hi" }],
      }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });
});

describe("@google/genai against feedgate mock", () => {
  it("generateContent and generateContentStream with the default API version and with v1beta; ApiError 401 and 503", async () => {
    for (const apiVersion of [undefined, "v1beta"]) {
      const ai = new GoogleGenAI({
        apiKey: TEST_KEY,
        httpOptions: {
          baseUrl: gatewayUrl,
          ...(apiVersion ? { apiVersion } : {}),
          retryOptions: { attempts: 1 },
        },
      });
      expect(
        (await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "alpha" })).text,
      ).toBe("Echo: alpha");
      let text = "";
      for await (const chunk of await ai.models.generateContentStream({
        model: "gemini-2.5-flash",
        contents: "beta gamma",
      }))
        text += chunk.text ?? "";
      expect(text).toBe("Echo: beta gamma");
    }
    const wrong = new GoogleGenAI({
      apiKey: "sk-wrong",
      httpOptions: { baseUrl: gatewayUrl, retryOptions: { attempts: 1 } },
    });
    const error = await wrong.models
      .generateContent({ model: "gemini-2.5-flash", contents: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    const ai = new GoogleGenAI({
      apiKey: TEST_KEY,
      httpOptions: { baseUrl: gatewayUrl, retryOptions: { attempts: 1 } },
    });
    await expect(
      ai.models.generateContent({ model: "gemini-unknown", contents: "x" }),
    ).rejects.toMatchObject({ status: 503 });
  });
});

import { describe, expectTypeOf, it } from "vitest";
import { collectGenerateContent, collectResponse } from "../../src/collect.js";
import {
  type GptImageParams,
  type InputRegion,
  imageWorkflows,
  type MultiGptImageParams,
  type MultiImageParams,
  type MultiImageWithoutAspectParams,
} from "../../src/image-workflows.js";
import {
  type AbortError,
  type APIPromise,
  type CompletedImageSubmission,
  type ConnectionError,
  type CountTokensResponse,
  createGatewayClient,
  type FeedgateError,
  type FeedgateErrorKind,
  type GatewayEnvelope,
  type GatewayStream,
  type GenerateContentResponse,
  type ImageResult,
  type ImageSubmission,
  type ImagesResponse,
  type ImageTask,
  type InputTokensResponse,
  type RateLimitError,
  type ResponseCreateParams,
  type ResponseObject,
  type ResponseStreamEvent,
  type ResponseStreamEventOf,
  type SubmittedImageTask,
  type WithResponse,
} from "../../src/index.js";
import { rawClient } from "../../src/raw.js";

const client = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: "sk-types" });
const workflows = imageWorkflows(client);

describe("createGatewayClient options", () => {
  it("takes baseUrl and apiKey from the environment when left out, and types the rest", () => {
    createGatewayClient();
    createGatewayClient({ baseUrl: "https://gateway.example" });
    createGatewayClient({ apiKey: "sk" });
    // @ts-expect-error a typo of an option
    createGatewayClient({ baseURL: "https://gateway.example" });
    // @ts-expect-error retries are a number
    createGatewayClient({ maxRetries: "2" });
    createGatewayClient({
      baseUrl: "https://g.example",
      apiKey: "sk",
      // @ts-expect-error the browser opt-in is a boolean, not a truthy string
      dangerouslyAllowBrowser: "yes",
    });
    createGatewayClient({
      baseUrl: "https://g.example",
      apiKey: "sk",
      fetch: (request: Request) => fetch(request),
      headers: { "X-Trace": "1" },
      dangerouslyAllowBrowser: true,
      streamIdleTimeoutMs: 30_000,
      maxRedirects: 0,
      maxRetries: 0,
      timeoutMs: 30_000,
    });
  });
});

describe("image workflow helpers accept only their own fields", () => {
  it("textToImage: model, prompt, resolution, aspect_ratio", () => {
    void workflows.textToImage({
      model: "Nano-Banana2",
      prompt: "p",
      resolution: "4K",
      aspect_ratio: "16:9",
    });
    // @ts-expect-error prompt is required
    void workflows.textToImage({ model: "Nano-Banana2" });
    // @ts-expect-error reference images belong to imageToImage
    void workflows.textToImage({ model: "m", prompt: "p", images: ["https://x/a.png"] });
    // @ts-expect-error n belongs to the multi-image workflows
    void workflows.textToImage({ model: "m", prompt: "p", n: 2 });
  });

  it("imageToImage needs images; regionalImageToImage needs a known input_region", () => {
    // @ts-expect-error images is required
    void workflows.imageToImage({ model: "m", prompt: "p" });
    void workflows.regionalImageToImage({
      model: "m",
      prompt: "p",
      images: ["https://x/a.png"],
      input_region: "OverseaUSWest",
    });
    void workflows.regionalImageToImage({
      model: "m",
      prompt: "p",
      images: ["https://x/a.png"],
      // @ts-expect-error not a region the gateway knows
      input_region: "Mars",
    });
    expectTypeOf<InputRegion>().toEqualTypeOf<"Mainland" | "Oversea" | "OverseaUSWest">();
  });

  it("gptImage needs quality; panorama takes model and prompt only", () => {
    // @ts-expect-error quality is required
    void workflows.gptImage({ model: "GPT-image-2", prompt: "p" });
    expectTypeOf<GptImageParams["quality"]>().toEqualTypeOf<string>();
    void workflows.panorama({ model: "Hunyuan-3d-2.0", prompt: "p" });
    // @ts-expect-error panorama has no resolution
    void workflows.panorama({ model: "Hunyuan-3d-2.0", prompt: "p", resolution: "4K" });
  });

  it("the three multi-image variants are typed separately", () => {
    void workflows.multiImage({ model: "Kling:3.0-omni", prompt: "p", n: 3, aspect_ratio: "3:4" });
    // @ts-expect-error n is required
    void workflows.multiImage({ model: "Kling:3.0-omni", prompt: "p" });
    void workflows.multiImageWithoutAspect({
      model: "Seedream:4.5",
      prompt: "p",
      n: 4,
      // @ts-expect-error this family takes the ratio in the prompt, not as a field
      aspect_ratio: "9:16",
    });
    // @ts-expect-error the GPT-style variant needs its quality tier
    void workflows.multiGptImage({ model: "GPT-image-2", prompt: "p", n: 2 });
    // @ts-expect-error quality belongs to the GPT-style variant
    void workflows.multiImage({ model: "m", prompt: "p", n: 2, quality: "low" });

    expectTypeOf<MultiImageParams>().toHaveProperty("aspect_ratio");
    expectTypeOf<MultiImageWithoutAspectParams>().not.toHaveProperty("aspect_ratio");
    expectTypeOf<MultiGptImageParams>().toHaveProperty("quality");
    expectTypeOf<MultiImageParams>().not.toHaveProperty("quality");
    expectTypeOf<MultiImageWithoutAspectParams>().not.toEqualTypeOf<MultiImageParams>();
  });
});

describe("sync or async image calls", () => {
  it("async: true returns the task; sync may return either", () => {
    expectTypeOf(workflows.textToImage({ model: "m", prompt: "p" }, { async: true })).toEqualTypeOf<
      APIPromise<ImageSubmission>
    >();
    expectTypeOf(workflows.textToImage({ model: "m", prompt: "p" })).toEqualTypeOf<
      APIPromise<ImageResult | ImageTask>
    >();
    expectTypeOf(client.images.submit({ model: "m", prompt: "p" })).toEqualTypeOf<
      APIPromise<ImageSubmission>
    >();
    expectTypeOf<ImageSubmission>().toEqualTypeOf<SubmittedImageTask | CompletedImageSubmission>();
    expectTypeOf<SubmittedImageTask["task"]>().toEqualTypeOf<ImageTask>();
    expectTypeOf<CompletedImageSubmission["result"]>().toEqualTypeOf<ImagesResponse>();
    expectTypeOf(client.images.generate({ model: "m", prompt: "p" })).toEqualTypeOf<
      APIPromise<ImageResult | ImageTask>
    >();
    expectTypeOf(client.images.getTask("task_1")).toEqualTypeOf<APIPromise<ImageTask>>();
  });

  it("a task carries its id and status", () => {
    expectTypeOf<ImageTask["task_id"]>().toEqualTypeOf<string>();
    expectTypeOf<ImageTask>().toHaveProperty("status");
  });
});

describe("Responses and the other families", () => {
  it("create is typed by the document, stream is set by the helper", () => {
    expectTypeOf(client.responses.create({ model: "gpt-5.2", input: "hi" })).toEqualTypeOf<
      APIPromise<ResponseObject>
    >();
    // @ts-expect-error model is required
    void client.responses.create({ input: "hi" });
    // @ts-expect-error model is a string
    void client.responses.create({ model: 5, input: "hi" });
    // A typo of a documented field fails to compile (the document's open index signature is not part of the params).
    // @ts-expect-error `inputs` for `input`
    void client.responses.create({ model: "gpt-5.2", inputs: "hi" });
    // @ts-expect-error an undocumented key outside extraBody
    void client.responses.create({ model: "gpt-5.2", input: "hi", vendor_option: true });
    // @ts-expect-error stream is set by the helpers
    void client.responses.create({ model: "gpt-5.2", input: "hi", stream: true });
    // The one escape hatch: model-specific keys go in extraBody.
    void client.responses.create({
      model: "gpt-5.2",
      input: "hi",
      reasoning: { effort: "low" },
      extraBody: { vendor_option: true },
    });
    // @ts-expect-error typos are caught on the other bodies too
    void client.responses.countInputTokens({ model: "m", inptu: "x" });
    // @ts-expect-error and on the Gemini body
    void client.gemini.generateContent("g", { content: [] });
    // @ts-expect-error and on the image workflows
    void workflows.textToImage({ model: "m", prompt: "p", seed: 1 });
    void workflows.textToImage({ model: "m", prompt: "p", extraBody: { seed: 1 } });
    expectTypeOf<ResponseCreateParams["extraBody"]>().toEqualTypeOf<
      Record<string, unknown> | undefined
    >();
    expectTypeOf(client.responses.countInputTokens({ model: "m", input: "x" })).toEqualTypeOf<
      APIPromise<InputTokensResponse>
    >();
    expectTypeOf(
      client.messages.countTokens({ model: "m", messages: [{ role: "user", content: "x" }] }),
    ).toEqualTypeOf<APIPromise<CountTokensResponse>>();
  });

  it("the raw client knows every path, and no other", () => {
    // @ts-expect-error the gateway has no Gemini countTokens route in this document
    void rawClient(client).POST("/v1beta/models/{model}:countTokens", {});
    // @ts-expect-error count_tokens requires the anthropic-version header parameter
    void rawClient(client).POST("/v1/messages/count_tokens", {
      body: { model: "m", messages: [] },
    });
  });
});

describe("streams", () => {
  it("Responses stream events narrow by type", async () => {
    const stream = await client.responses.stream({ model: "gpt-5.2", input: "hi" });
    expectTypeOf(stream).toEqualTypeOf<GatewayStream<ResponseStreamEvent>>();
    for await (const event of stream) {
      if (event.type === "response.output_text.delta")
        expectTypeOf(event.delta).toEqualTypeOf<string>();
      if (event.type === "response.completed")
        expectTypeOf(event).toEqualTypeOf<ResponseStreamEventOf<"response.completed">>();
      // @ts-expect-error not an event type of the Responses stream
      if (event.type === "response.finished") break;
    }
    expectTypeOf<ResponseStreamEventOf<"response.output_text.delta">>().toHaveProperty("delta");
    expectTypeOf<ResponseStreamEventOf<"response.created">>().not.toHaveProperty("delta");
  });

  it("collectors return the final forms", async () => {
    const collected = await collectResponse(
      await client.responses.stream({ model: "m", input: "x" }),
    );
    expectTypeOf(collected).toEqualTypeOf<{ response: ResponseObject; outputText: string }>();
    const gemini = await client.gemini.streamGenerateContent("gemini-2.5-flash", {
      contents: [{ parts: [{ text: "x" }] }],
    });
    expectTypeOf(gemini).toEqualTypeOf<GatewayStream<GenerateContentResponse>>();
    expectTypeOf(collectGenerateContent(gemini)).toEqualTypeOf<Promise<GenerateContentResponse>>();
    expectTypeOf(gemini.tee()).toEqualTypeOf<
      [GatewayStream<GenerateContentResponse>, GatewayStream<GenerateContentResponse>]
    >();
    // @ts-expect-error a Responses stream is not a Gemini stream
    void collectGenerateContent(await client.responses.stream({ model: "m", input: "x" }));
  });

  it("per-call options: a signal everywhere, an idle timeout on streams", () => {
    void client.responses.stream(
      { model: "m", input: "x" },
      { signal: AbortSignal.timeout(1000), idleTimeoutMs: 5000 },
    );
    // @ts-expect-error the idle timeout is a stream option
    void client.responses.create({ model: "m", input: "x" }, { idleTimeoutMs: 5000 });
    void client.responses.create({ model: "m", input: "x" }, { maxRetries: 0, timeoutMs: 5000 });
    // @ts-expect-error a typo of a call option
    void client.responses.create({ model: "m", input: "x" }, { retries: 0 });
  });
});

describe("errors", () => {
  it("the family of @feedgate/core: kind, status, code, requestId and a typed envelope", () => {
    expectTypeOf<FeedgateError["kind"]>().toEqualTypeOf<FeedgateErrorKind>();
    expectTypeOf<RateLimitError>().toExtend<FeedgateError>();
    expectTypeOf<ConnectionError>().toExtend<FeedgateError>();
    expectTypeOf<AbortError>().toExtend<Error>();
    expectTypeOf<FeedgateError["status"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<FeedgateError["code"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FeedgateError["requestId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FeedgateError["retryAfterMs"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<FeedgateError["envelope"]>().toEqualTypeOf<GatewayEnvelope | undefined>();
  });

  it("withResponse gives the data, the response and its metadata", async () => {
    const answer = await client.responses.create({ model: "m", input: "x" }).withResponse();
    expectTypeOf(answer).toEqualTypeOf<WithResponse<ResponseObject>>();
    expectTypeOf(answer.meta.attempts).toEqualTypeOf<number>();
    expectTypeOf(answer.meta.requestId).toEqualTypeOf<string | undefined>();
  });

  it("envelopes narrow by kind", () => {
    const envelope = {} as GatewayEnvelope;
    if (envelope.kind === "google") expectTypeOf(envelope.error.code).toEqualTypeOf<number>();
    if (envelope.kind === "task") expectTypeOf(envelope.code).toEqualTypeOf<string>();
    if (envelope.kind === "anthropic") expectTypeOf(envelope.error.type).toEqualTypeOf<string>();
    expectTypeOf<GatewayEnvelope["kind"]>().toEqualTypeOf<
      "openai" | "google" | "anthropic" | "task" | "empty" | "text"
    >();
  });
});

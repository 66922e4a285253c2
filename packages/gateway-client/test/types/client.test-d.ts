import { describe, expectTypeOf, it } from "vitest";
import {
  collectGenerateContent,
  collectResponse,
  createGatewayClient,
  type CountTokensResponse,
  type GatewayEnvelope,
  type GatewayError,
  type GatewayErrorKind,
  type GatewayStream,
  type GenerateContentResponse,
  type GptImageParams,
  type ImageResult,
  type ImageTask,
  type ImageSubmission,
  type SubmittedImageTask,
  type CompletedImageSubmission,
  type ImagesResponse,
  type InputRegion,
  type InputTokensResponse,
  type MultiGptImageParams,
  type MultiImageParams,
  type MultiImageWithoutAspectParams,
  type ResponseObject,
  type ResponseStreamEvent,
  type ResponseStreamEventOf,
} from "../../src/index.js";

const client = createGatewayClient({ baseUrl: "https://gateway.example", apiKey: "sk-types" });

describe("createGatewayClient options", () => {
  it("requires baseUrl and apiKey, and types the rest", () => {
    // @ts-expect-error apiKey is required
    createGatewayClient({ baseUrl: "https://gateway.example" });
    // @ts-expect-error baseUrl is required
    createGatewayClient({ apiKey: "sk" });
    // @ts-expect-error the browser opt-in is a boolean, not a truthy string
    createGatewayClient({ baseUrl: "https://g.example", apiKey: "sk", dangerouslyAllowBrowser: "yes" });
    createGatewayClient({
      baseUrl: "https://g.example",
      apiKey: "sk",
      fetch: (request: Request) => fetch(request),
      headers: { "X-Trace": "1" },
      dangerouslyAllowBrowser: true,
      streamIdleTimeoutMs: 30_000,
      maxRedirects: 0,
    });
  });
});

describe("image workflow helpers accept only their own fields", () => {
  it("textToImage: model, prompt, resolution, aspect_ratio", () => {
    void client.images.textToImage({ model: "Nano-Banana2", prompt: "p", resolution: "4K", aspect_ratio: "16:9" });
    // @ts-expect-error prompt is required
    void client.images.textToImage({ model: "Nano-Banana2" });
    // @ts-expect-error reference images belong to imageToImage
    void client.images.textToImage({ model: "m", prompt: "p", images: ["https://x/a.png"] });
    // @ts-expect-error n belongs to the multi-image workflows
    void client.images.textToImage({ model: "m", prompt: "p", n: 2 });
  });

  it("imageToImage needs images; regionalImageToImage needs a known input_region", () => {
    // @ts-expect-error images is required
    void client.images.imageToImage({ model: "m", prompt: "p" });
    void client.images.regionalImageToImage({ model: "m", prompt: "p", images: ["https://x/a.png"], input_region: "OverseaUSWest" });
    // @ts-expect-error not a region the gateway knows
    void client.images.regionalImageToImage({ model: "m", prompt: "p", images: ["https://x/a.png"], input_region: "Mars" });
    expectTypeOf<InputRegion>().toEqualTypeOf<"Mainland" | "Oversea" | "OverseaUSWest">();
  });

  it("gptImage needs quality; panorama takes model and prompt only", () => {
    // @ts-expect-error quality is required
    void client.images.gptImage({ model: "GPT-image-2", prompt: "p" });
    expectTypeOf<GptImageParams["quality"]>().toEqualTypeOf<string>();
    void client.images.panorama({ model: "Hunyuan-3d-2.0", prompt: "p" });
    // @ts-expect-error panorama has no resolution
    void client.images.panorama({ model: "Hunyuan-3d-2.0", prompt: "p", resolution: "4K" });
  });

  it("the three multi-image variants are typed separately", () => {
    void client.images.multiImage({ model: "Kling:3.0-omni", prompt: "p", n: 3, aspect_ratio: "3:4" });
    // @ts-expect-error n is required
    void client.images.multiImage({ model: "Kling:3.0-omni", prompt: "p" });
    // @ts-expect-error this family takes the ratio in the prompt, not as a field
    void client.images.multiImageWithoutAspect({ model: "Seedream:4.5", prompt: "p", n: 4, aspect_ratio: "9:16" });
    // @ts-expect-error the GPT-style variant needs its quality tier
    void client.images.multiGptImage({ model: "GPT-image-2", prompt: "p", n: 2 });
    // @ts-expect-error quality belongs to the GPT-style variant
    void client.images.multiImage({ model: "m", prompt: "p", n: 2, quality: "low" });

    expectTypeOf<MultiImageParams>().toHaveProperty("aspect_ratio");
    expectTypeOf<MultiImageWithoutAspectParams>().not.toHaveProperty("aspect_ratio");
    expectTypeOf<MultiGptImageParams>().toHaveProperty("quality");
    expectTypeOf<MultiImageParams>().not.toHaveProperty("quality");
    expectTypeOf<MultiImageWithoutAspectParams>().not.toEqualTypeOf<MultiImageParams>();
  });
});

describe("sync or async image calls", () => {
  it("async: true returns the task; sync may return either", () => {
    expectTypeOf(client.images.textToImage({ model: "m", prompt: "p" }, { async: true })).toEqualTypeOf<Promise<ImageSubmission>>();
    expectTypeOf(client.images.textToImage({ model: "m", prompt: "p" })).toEqualTypeOf<Promise<ImageResult | ImageTask>>();
    expectTypeOf(client.images.submit({ model: "m", prompt: "p" })).toEqualTypeOf<Promise<ImageSubmission>>();
    expectTypeOf<ImageSubmission>().toEqualTypeOf<SubmittedImageTask | CompletedImageSubmission>();
    expectTypeOf<SubmittedImageTask["task"]>().toEqualTypeOf<ImageTask>();
    expectTypeOf<CompletedImageSubmission["result"]>().toEqualTypeOf<ImagesResponse>();
    expectTypeOf(client.images.generate({ model: "m", prompt: "p" })).toEqualTypeOf<Promise<ImageResult | ImageTask>>();
    expectTypeOf(client.images.getTask("task_1")).toEqualTypeOf<Promise<ImageTask>>();
  });

  it("a task carries its id and status", () => {
    expectTypeOf<ImageTask["task_id"]>().toEqualTypeOf<string>();
    expectTypeOf<ImageTask>().toHaveProperty("status");
  });
});

describe("Responses and the other families", () => {
  it("create is typed by the document, stream is set by the helper", () => {
    expectTypeOf(client.responses.create({ model: "gpt-5.2", input: "hi" })).toEqualTypeOf<Promise<ResponseObject>>();
    // @ts-expect-error model is required
    void client.responses.create({ input: "hi" });
    // @ts-expect-error model is a string
    void client.responses.create({ model: 5, input: "hi" });
    // Model-specific extra keys pass through (the request schema is open).
    void client.responses.create({ model: "gpt-5.2", input: "hi", reasoning: { effort: "low" }, vendor_option: true });
    expectTypeOf(client.responses.countInputTokens({ model: "m", input: "x" })).toEqualTypeOf<Promise<InputTokensResponse>>();
    expectTypeOf(client.messages.countTokens({ model: "m", messages: [{ role: "user", content: "x" }] })).toEqualTypeOf<Promise<CountTokensResponse>>();
  });

  it("the raw client knows every path, and no other", () => {
    // @ts-expect-error the gateway has no Gemini countTokens route in this document
    void client.raw.POST("/v1beta/models/{model}:countTokens", {});
    // @ts-expect-error count_tokens requires the anthropic-version header parameter
    void client.raw.POST("/v1/messages/count_tokens", { body: { model: "m", messages: [] } });
  });
});

describe("streams", () => {
  it("Responses stream events narrow by type", async () => {
    const stream = await client.responses.stream({ model: "gpt-5.2", input: "hi" });
    expectTypeOf(stream).toEqualTypeOf<GatewayStream<ResponseStreamEvent>>();
    for await (const event of stream) {
      if (event.type === "response.output_text.delta") expectTypeOf(event.delta).toEqualTypeOf<string>();
      if (event.type === "response.completed") expectTypeOf(event).toEqualTypeOf<ResponseStreamEventOf<"response.completed">>();
      // @ts-expect-error not an event type of the Responses stream
      if (event.type === "response.finished") break;
    }
    expectTypeOf<ResponseStreamEventOf<"response.output_text.delta">>().toHaveProperty("delta");
    expectTypeOf<ResponseStreamEventOf<"response.created">>().not.toHaveProperty("delta");
  });

  it("collectors return the final forms", async () => {
    const collected = await collectResponse(await client.responses.stream({ model: "m", input: "x" }));
    expectTypeOf(collected).toEqualTypeOf<{ response: ResponseObject; outputText: string }>();
    const gemini = await client.gemini.streamGenerateContent("gemini-2.5-flash", { contents: [{ parts: [{ text: "x" }] }] });
    expectTypeOf(gemini).toEqualTypeOf<GatewayStream<GenerateContentResponse>>();
    expectTypeOf(collectGenerateContent(gemini)).toEqualTypeOf<Promise<GenerateContentResponse>>();
    expectTypeOf(gemini.tee()).toEqualTypeOf<[GatewayStream<GenerateContentResponse>, GatewayStream<GenerateContentResponse>]>();
    // @ts-expect-error a Responses stream is not a Gemini stream
    void collectGenerateContent(await client.responses.stream({ model: "m", input: "x" }));
  });

  it("per-call options: a signal everywhere, an idle timeout on streams", () => {
    void client.responses.stream({ model: "m", input: "x" }, { signal: AbortSignal.timeout(1000), idleTimeoutMs: 5000 });
    // @ts-expect-error the idle timeout is a stream option
    void client.responses.create({ model: "m", input: "x" }, { idleTimeoutMs: 5000 });
  });
});

describe("errors", () => {
  it("GatewayError carries kind, status, code, requestId and a typed envelope", () => {
    expectTypeOf<GatewayError["kind"]>().toEqualTypeOf<GatewayErrorKind>();
    expectTypeOf<GatewayErrorKind>().toEqualTypeOf<
      | "api"
      | "unsupported"
      | "invalid_request"
      | "rate_limited"
      | "invalid_response"
      | "response_too_large"
      | "task_not_found"
      | "stream"
      | "stream_timeout"
      | "redirect"
      | "config"
    >();
    expectTypeOf<GatewayError["status"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<GatewayError["code"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<GatewayError["requestId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<GatewayError["envelope"]>().toEqualTypeOf<GatewayEnvelope | undefined>();
  });

  it("envelopes narrow by kind", () => {
    const envelope = {} as GatewayEnvelope;
    if (envelope.kind === "google") expectTypeOf(envelope.error.code).toEqualTypeOf<number>();
    if (envelope.kind === "task") expectTypeOf(envelope.code).toEqualTypeOf<string>();
    if (envelope.kind === "anthropic") expectTypeOf(envelope.error.type).toEqualTypeOf<string>();
    expectTypeOf<GatewayEnvelope["kind"]>().toEqualTypeOf<"openai" | "google" | "anthropic" | "task" | "empty" | "text">();
  });
});

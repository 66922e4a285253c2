import { describe, expect, inject, it } from "vitest";
import { imageWorkflows } from "../../src/image-workflows.js";
import { type GatewayClient, isImageTask } from "../../src/index.js";
import { prismClient, spec } from "../support/prism-client.js";

type Json = Record<string, unknown>;

/** Each workflow helper and the request example of the document's workflow table it sends. */
const WORKFLOWS = [
  ["textToImage", "textToImage"],
  ["imageToImage", "imageToImage"],
  ["gptImage", "gptImage"],
  ["regionalImageToImage", "referenceUrlRegion"],
  ["multiImage", "multiImageKling"],
  ["multiImageWithoutAspect", "multiImageSeedream"],
  ["multiGptImage", "multiImageGpt"],
  ["panorama", "panorama"],
] as const;

type Helper = (typeof WORKFLOWS)[number][0];
type AnyWorkflow = (params: Json, options?: { async?: boolean }) => Promise<unknown>;
const helper = (client: GatewayClient, name: Helper) =>
  imageWorkflows(client)[name] as unknown as AnyWorkflow;

function requestExample(name: string): Json {
  const { operation } = spec.operations().find((o) => o.operationId === "createImage")!;
  const body = operation["requestBody"] as {
    content: { "application/json": { examples: Record<string, { value: Json }> } };
  };
  const example = body.content["application/json"].examples[name];
  if (!example) throw new Error(`createImage has no request example "${name}"`);
  return example.value;
}

describe("every image workflow helper against Prism", () => {
  it("pairs each helper with one request example, and every example with a helper", () => {
    const { operation } = spec.operations().find((o) => o.operationId === "createImage")!;
    const body = operation["requestBody"] as {
      content: { "application/json": { examples: Json } };
    };
    expect(Object.keys(body.content["application/json"].examples).sort()).toEqual(
      WORKFLOWS.map(([, e]) => e).sort(),
    );
  });

  for (const [name, example] of WORKFLOWS) {
    it(`${name} (sync): sends exactly the ${example} example, gets a valid image result`, async () => {
      const params = requestExample(example);
      const { client, last } = prismClient();
      const result = await helper(client, name)(params);
      const exchange = last();
      expect(exchange.responseHeaders.get("sl-violations")).toBeNull();
      expect(exchange.status).toBe(200);
      expect(new URL(exchange.url).pathname).toBe("/v1/images/generations");
      expect(new URL(exchange.url).search).toBe("");
      expect(JSON.parse(exchange.requestBody)).toEqual(params);
      expect(spec.validateResponse("createImage", 200, result).text).toBe("");
      expect(isImageTask(result as never)).toBe(false);
    });

    it(`${name} (async: true): submits with ?async=true and gets a valid task`, async () => {
      const params = requestExample(example);
      const { client, last } = prismClient("example=taskSubmitted");
      const submission = await helper(client, name)(params, { async: true });
      expect((submission as { kind: string }).kind).toBe("task");
      const task = (submission as { task: unknown }).task;
      const exchange = last();
      expect(exchange.responseHeaders.get("sl-violations")).toBeNull();
      expect(exchange.status).toBe(200);
      expect(new URL(exchange.url).searchParams.get("async")).toBe("true");
      expect(JSON.parse(exchange.requestBody)).toEqual(params);
      expect(spec.validateResponse("createImage", 200, task).text).toBe("");
      expect(spec.validateResponse("getImageTask", 200, task).text).toBe("");
      expect(isImageTask(task as never)).toBe(true);
    });
  }

  it("Prism flags a body that breaks the document, so the clean answers above mean something", async () => {
    const response = await fetch(`${inject("prismUrl")}/v1/images/generations`, {
      method: "POST",
      headers: { authorization: "Bearer sk-x", "content-type": "application/json" },
      body: JSON.stringify({
        model: "Nano-Banana2",
        prompt: "p",
        n: 0,
        input_region: "Mars",
        images: ["not a url"],
      }),
    });
    const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as Array<{
      location: string[];
    }>;
    expect(violations.map((v) => v.location.join("."))).toEqual(
      expect.arrayContaining([
        "request.body.n",
        "request.body.input_region",
        "request.body.images.0",
      ]),
    );
    expect(response.status).toBe(400);
    await response.body?.cancel();
  });
});

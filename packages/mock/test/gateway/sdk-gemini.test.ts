// The official `@google/genai` SDK against the gateway fake (issue 20 item 1): generateContent and
// generateContentStream with the SDK's default API version (v1beta), with apiVersion "v1beta" set,
// and with "v1" (/v1/models/{model}:generateContent, which the gateway routes to the same relay).
import { ApiError, GoogleGenAI } from "@google/genai";
import { beforeAll, describe, expect, it } from "vitest";
import type { GatewayFake } from "../../src/index.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake;
const model = "gemini-2.5-flash";

beforeAll(async () => {
  fake = await servers.gateway();
});

const sdk = (apiVersion?: string, apiKey = fake.apiKey) =>
  new GoogleGenAI({
    apiKey,
    httpOptions: {
      baseUrl: fake.url,
      ...(apiVersion ? { apiVersion } : {}),
      retryOptions: { attempts: 1 },
    },
  });

describe("@google/genai", () => {
  for (const [label, version, prefix] of [
    // With a baseUrl of its own the SDK's default is v1: the route the gateway must map to its Gemini relay.
    ["the SDK's default API version (v1)", undefined, "/v1/"],
    ['apiVersion "v1beta"', "v1beta", "/v1beta/"],
    ['apiVersion "v1"', "v1", "/v1/"],
  ] as const) {
    it(`generateContent and generateContentStream with ${label}`, async () => {
      const ai = sdk(version);
      const answer = await ai.models.generateContent({ model, contents: "alpha beta" });
      expect(answer.text).toBe("Echo: alpha beta");
      expect(fake.requests.at(-1)?.path).toBe(`${prefix}models/${model}:generateContent`);
      let text = "";
      let finishReason: string | undefined;
      for await (const chunk of await ai.models.generateContentStream({
        model,
        contents: "gamma delta",
      })) {
        text += chunk.text ?? "";
        finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
      }
      expect(text).toBe("Echo: gamma delta");
      expect(finishReason).toBe("STOP");
      expect(fake.requests.at(-1)?.path).toBe(`${prefix}models/${model}:streamGenerateContent`);
      // The SDK sends the key as x-goog-api-key, which the gateway reads on these paths.
      expect(fake.requests.at(-1)?.headers["x-goog-api-key"]).toBe(fake.apiKey);
    });
  }

  it("typed errors: ApiError 401 for a wrong key, 503 model_not_found for an unknown model, 429", async () => {
    const wrong = await sdk(undefined, "sk-wrong")
      .models.generateContent({ model, contents: "x" })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: 401 });
    const unknown = await sdk()
      .models.generateContent({ model: "gemini-unknown", contents: "x" })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown).toMatchObject({ status: 503 });
    expect(String((unknown as Error).message)).toContain(
      "No available channel for model gemini-unknown",
    );
    fake.faults.add({ route: "generateContent", fault: { type: "status", status: 429 }, times: 1 });
    await expect(sdk().models.generateContent({ model, contents: "x" })).rejects.toMatchObject({
      status: 429,
    });
  });
});

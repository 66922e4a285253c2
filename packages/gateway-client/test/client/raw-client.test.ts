import { describe, expect, it } from "vitest";
import { ConfigError, createGatewayClient, type GatewayClient } from "../../src/index.js";
import { rawClient } from "../../src/raw.js";

/** A fetch that records each request and answers 200 with an empty JSON object. */
function recordingFetch() {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return new Response("{}", { headers: { "content-type": "application/json" } });
  };
  return { requests, fetch };
}

describe("rawClient (@feedgate/gateway-client/raw)", () => {
  it("is one openapi-fetch client per gateway client, on its base URL, headers and key", async () => {
    const { requests, fetch } = recordingFetch();
    const client = createGatewayClient({
      baseUrl: "https://gw.example/prefix",
      apiKey: "sk-raw-test-key",
      headers: { "X-Team": "a" },
      fetch,
    });
    const raw = rawClient(client);
    expect(rawClient(client)).toBe(raw);
    expect(
      rawClient(createGatewayClient({ baseUrl: "https://gw.example", apiKey: "sk-other" })),
    ).not.toBe(raw);
    await raw.GET("/v1/responses/{response_id}", { params: { path: { response_id: "resp_1" } } });
    const [request] = requests;
    expect(request!.url).toBe("https://gw.example/prefix/v1/responses/resp_1");
    expect(request!.headers.get("authorization")).toBe("Bearer sk-raw-test-key");
    expect(request!.headers.get("x-team")).toBe("a");
  });

  it("refuses an object createGatewayClient did not make, naming the argument", () => {
    const fake = {
      responses: {},
      images: {},
      messages: {},
      gemini: {},
    } as unknown as GatewayClient;
    expect(() => rawClient(fake)).toThrow(ConfigError);
    expect(() => rawClient(fake)).toThrow(/client: not a client made by/);
  });

  it("leaves the key off every property of the gateway client", () => {
    const client = createGatewayClient({ baseUrl: "https://gw.example", apiKey: "sk-hidden-key" });
    rawClient(client);
    expect(JSON.stringify(client)).not.toContain("hidden");
    expect(Object.keys(client).sort()).toEqual(["gemini", "images", "messages", "responses"]);
  });
});

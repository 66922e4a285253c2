import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatewayFake, type GatewayFake } from "../../src/index.js";
import { expectConforms, send } from "../support/http.js";
import { call, credentialFor } from "../support/gateway.js";

let fake: GatewayFake;
beforeAll(async () => {
  fake = await startGatewayFake();
});
afterAll(async () => {
  await fake.close();
});

const routes: Array<[string, string, string, unknown]> = [
  ["POST", "/v1/responses", "createResponse", { model: "m", input: "hi" }],
  ["POST", "/v1/responses/input_tokens", "countResponseInputTokens", { input: "hi" }],
  ["POST", "/v1/images/generations", "createImage", { model: "m", prompt: "p" }],
  ["GET", "/v1/images/generations/task_x", "getImageTask", undefined],
  ["POST", "/v1/messages/count_tokens", "countMessageTokens", { model: "m", messages: [] }],
  ["POST", "/v1beta/models/gemini-x:generateContent", "generateContent", { contents: [] }],
];

describe("gateway credentials per route family", () => {
  it("uses the default fake key", () => {
    expect(fake.apiKey).toBe("sk-fake-0123456789");
  });

  it("accepts the header the client sends on each family", async () => {
    for (const [method, path, op, body] of routes) {
      const answer = await call(fake, method, path, op, body);
      expect(answer.status === 200 || (op === "getImageTask" && answer.status === 400), `${path} ${answer.status} ${answer.text}`).toBe(true);
    }
  });

  it("answers 401 with the gateway envelope when the key is missing, wrong, or in another family's header", async () => {
    const every: Record<string, string> = { authorization: `Bearer ${fake.apiKey}`, "x-api-key": fake.apiKey, "x-goog-api-key": fake.apiKey };
    for (const [method, path, op, body] of routes) {
      const own = Object.keys(credentialFor(path, fake.apiKey));
      const others = Object.fromEntries(Object.entries(every).filter(([name]) => !own.includes(name)));
      const wrong: Array<Record<string, string>> = [{}, Object.fromEntries(own.map((name) => [name, "sk-other"])), others];
      for (const headers of wrong) {
        if (path.startsWith("/v1/messages")) headers["anthropic-version"] = "2023-06-01";
        const answer = await send(fake.url + path, {
          method,
          headers: { "content-type": "application/json", ...headers },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(answer.json).toMatchObject({ error: { type: "new_api_error", code: "" } });
        expect(String((answer.json as { error: { message: string } }).error.message)).toMatch(/\(request id: \w+\)$/);
        expectConforms("gateway", op, answer);
      }
    }
    const bearerOnGemini = await send(`${fake.url}/v1beta/models/g:generateContent`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.apiKey}` },
      body: JSON.stringify({ contents: [] }),
    });
    expect(bearerOnGemini.status).toBe(401);
  });

  it("accepts the key with or without the sk- prefix, like the gateway", async () => {
    const answer = await send(`${fake.url}/v1/responses/input_tokens`, {
      method: "POST",
      headers: { authorization: "Bearer fake-0123456789", "content-type": "application/json" },
      body: JSON.stringify({ input: "x" }),
    });
    expect(answer.status).toBe(200);
  });

  it("requires anthropic-version 2023-06-01 on count_tokens", async () => {
    const answer = await call(fake, "POST", "/v1/messages/count_tokens", "countMessageTokens", { model: "m", messages: [] }, { "anthropic-version": "2020-01-01" });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });

  it("takes a custom key", async () => {
    const other = await startGatewayFake({ apiKey: "sk-custom" });
    expect((await call(other, "POST", "/v1/responses/input_tokens", "countResponseInputTokens", { input: "x" })).status).toBe(200);
    await other.close();
  });
});

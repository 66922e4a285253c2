import { beforeAll, describe, expect, it } from "vitest";
import { call, credentialFor, ROUTE_ALL } from "../support/gateway.js";
import { expectConforms, send } from "../support/http.js";
import { mockServers, routedGateway } from "../support/servers.js";

const servers = mockServers();
const gw = routedGateway(servers, beforeAll);

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
    expect(gw.fake.apiKey).toBe("sk-fake-0123456789");
  });

  it("accepts the header the client sends on each family", async () => {
    for (const [method, path, op, body] of routes) {
      const answer = await call(gw.fake, `${method} ${path}`, op, body);
      expect(
        answer.status === 200 || (op === "getImageTask" && answer.status === 400),
        `${path} ${answer.status} ${answer.text}`,
      ).toBe(true);
    }
  });

  it("answers 401 with the gateway envelope when the key is missing, wrong, or in a header the path does not read", async () => {
    for (const [method, path, op, body] of routes) {
      const own = Object.keys(credentialFor(path, gw.fake.apiKey));
      // TokenAuth reads x-api-key only on /v1/messages and /v1/models, x-goog-api-key only on Gemini paths.
      const others: Record<string, string> = {
        "x-api-key": gw.fake.apiKey,
        "x-goog-api-key": gw.fake.apiKey,
      };
      if (path.startsWith("/v1beta/")) delete others["x-goog-api-key"];
      if (path.startsWith("/v1/messages")) delete others["x-api-key"];
      const wrong: Array<Record<string, string>> = [
        {},
        Object.fromEntries(own.map((name) => [name, "sk-other"])),
        others,
      ];
      for (const headers of wrong) {
        if (path.startsWith("/v1/messages")) headers["anthropic-version"] = "2023-06-01";
        const answer = await send(gw.fake.url + path, {
          method,
          headers: { "content-type": "application/json", ...headers },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(answer.json).toMatchObject({ error: { type: "new_api_error", code: "" } });
        expect(String((answer.json as { error: { message: string } }).error.message)).toMatch(
          /\(request id: \w+\)$/,
        );
        expectConforms("gateway", op, answer);
      }
    }
  });

  it("accepts Bearer on every route, x-api-key on /v1/messages, ?key= and x-goog-api-key (which wins) on Gemini (middleware/auth.go:294-331)", async () => {
    const gemini = (query: string, headers: Record<string, string>) =>
      send(`${gw.fake.url}/v1beta/models/g:generateContent${query}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ contents: [] }),
      });
    expect((await gemini("", { authorization: `Bearer ${gw.fake.apiKey}` })).status).toBe(200);
    expect((await gemini(`?key=${gw.fake.apiKey}`, {})).status).toBe(200);
    expect((await gemini(`?key=${gw.fake.apiKey}`, { "x-goog-api-key": "sk-other" })).status).toBe(
      401,
    );
    expect((await gemini("?key=sk-other", { "x-goog-api-key": gw.fake.apiKey })).status).toBe(200);
    const count = (headers: Record<string, string>) =>
      send(`${gw.fake.url}/v1/messages/count_tokens`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ model: "m", messages: [] }),
      });
    expect((await count({ authorization: `Bearer ${gw.fake.apiKey}` })).status).toBe(200);
    expect((await count({ "x-api-key": gw.fake.apiKey })).status).toBe(200);
    expect(
      (await count({ "x-api-key": "sk-other", authorization: `Bearer ${gw.fake.apiKey}` })).status,
    ).toBe(401);
  });

  it("accepts the key with or without the sk- prefix, like the gateway", async () => {
    const answer = await send(`${gw.fake.url}/v1/responses/input_tokens`, {
      method: "POST",
      headers: { authorization: "Bearer fake-0123456789", "content-type": "application/json" },
      body: JSON.stringify({ input: "x" }),
    });
    expect(answer.status).toBe(200);
  });

  it("does not check anthropic-version (the source never reads it)", async () => {
    const answer = await call(
      gw.fake,
      "POST /v1/messages/count_tokens",
      "countMessageTokens",
      { model: "m", messages: [] },
      { "anthropic-version": "2020-01-01" },
    );
    expect(answer.status).toBe(200);
  });

  it("takes a custom key", async () => {
    const other = await servers.gateway({ ...ROUTE_ALL, apiKey: "sk-custom" });
    expect(
      (
        await call(other, "POST /v1/responses/input_tokens", "countResponseInputTokens", {
          input: "x",
        })
      ).status,
    ).toBe(200);
    await other.close();
  });
});

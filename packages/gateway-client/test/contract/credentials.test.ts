import { describe, expect, inject, it } from "vitest";
import { ANTHROPIC_VERSION, type RouteFamily } from "../../src/index.js";
import { rawClient } from "../../src/raw.js";
import { CALLS } from "../support/operations.js";
import { CONTRACT_KEY, prismClient } from "../support/prism-client.js";

/** Every header that could carry the key. */
const CREDENTIAL_HEADERS = [
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "x-goog-api-key",
  "api-key",
  "cookie",
];

/** The one credential header (and its value) each route family must get. */
const EXPECTED: Record<RouteFamily, [header: string, value: string]> = {
  bearer: ["authorization", `Bearer ${CONTRACT_KEY}`],
  anthropic: ["x-api-key", CONTRACT_KEY],
  google: ["x-goog-api-key", CONTRACT_KEY],
};

describe("each route family sends exactly its own credential header, and Prism accepts it", () => {
  for (const [name, call] of Object.entries(CALLS)) {
    it(`${name}: ${EXPECTED[call.family][0]} only`, async () => {
      const { client, exchanges } = prismClient(
        name === "createImage (async=true)" ? "example=taskSubmitted" : undefined,
      );
      await call.run(client);
      expect(exchanges).toHaveLength(1);
      const [exchange] = exchanges;
      // Prism checks the operation's security requirement: a missing or foreign header is a 401 violation.
      expect(exchange!.responseHeaders.get("sl-violations")).toBeNull();
      expect(exchange!.status).toBe(200);
      const [header, value] = EXPECTED[call.family];
      expect(CREDENTIAL_HEADERS.filter((h) => exchange!.requestHeaders.has(h))).toEqual([header]);
      expect(exchange!.requestHeaders.get(header)).toBe(value);
      expect(exchange!.requestHeaders.get("anthropic-version")).toBe(
        call.family === "anthropic" ? ANTHROPIC_VERSION : null,
      );
      expect(exchange!.url).not.toContain(CONTRACT_KEY.slice(3));
      expect(new URL(exchange!.url).searchParams.has("key")).toBe(false);
    });
  }

  it("the raw client gets the same headers as the helpers", async () => {
    const { client, exchanges } = prismClient();
    await rawClient(client).POST("/v1/messages/count_tokens", {
      params: { header: { "anthropic-version": ANTHROPIC_VERSION } },
      body: { model: "claude-sonnet-4-5", messages: [{ role: "user", content: "hi" }] },
    });
    await rawClient(client).POST("/v1beta/models/{model}:generateContent", {
      params: { path: { model: "gemini-2.5-flash" } },
      body: { contents: [{ parts: [{ text: "hi" }] }] },
    });
    await rawClient(client).GET("/v1/images/generations/{task_id}", {
      params: { path: { task_id: "task_1" } },
    });
    const sent = exchanges.map((e) => CREDENTIAL_HEADERS.filter((h) => e.requestHeaders.has(h)));
    expect(sent).toEqual([["x-api-key"], ["x-goog-api-key"], ["authorization"]]);
    for (const e of exchanges) expect(e.responseHeaders.get("sl-violations")).toBeNull();
  });
});

describe("Prism enforces each operation's security requirement (so the checks above can fail)", () => {
  const routes = [
    { path: "/v1/responses", body: { model: "m", input: "hi" }, headers: {} },
    {
      path: "/v1/messages/count_tokens",
      body: { model: "m", messages: [{ role: "user", content: "hi" }] },
      headers: { "anthropic-version": "2023-06-01" },
    },
    {
      path: "/v1beta/models/gemini-2.5-flash:generateContent",
      body: { contents: [{ parts: [{ text: "hi" }] }] },
      headers: {},
    },
  ];
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(inject("prismUrl") + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  for (const { path, body, headers } of routes) {
    it(`${path}: no credential is a 401 violation`, async () => {
      const response = await post(path, headers, body);
      expect(response.status).toBe(401);
      expect(response.headers.get("sl-violations")).toMatch(/"code":401/);
      await response.body?.cancel();
    });
  }

  it("another family's header does not count", async () => {
    const wrong = [
      [routes[0]!, { "x-goog-api-key": CONTRACT_KEY }],
      [routes[1]!, { "x-goog-api-key": CONTRACT_KEY }],
      [routes[2]!, { "x-api-key": CONTRACT_KEY }],
    ] as const;
    for (const [{ path, body, headers }, credential] of wrong) {
      const response = await post(path, { ...headers, ...credential }, body);
      expect(response.status, path).toBe(401);
      await response.body?.cancel();
    }
  });

  it("count_tokens without anthropic-version is a 400 violation", async () => {
    const response = await post(routes[1]!.path, { "x-api-key": CONTRACT_KEY }, routes[1]!.body);
    expect(response.status).toBe(400);
    expect(response.headers.get("sl-violations")).toMatch(/anthropic-version/);
    await response.body?.cancel();
  });
});

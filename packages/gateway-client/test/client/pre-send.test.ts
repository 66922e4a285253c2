import { describe, expect, it } from "vitest";
import { createGatewayClient, InvalidRequestError, isFeedgateError } from "../../src/index.js";

/** The gateway checks `model` and `input` itself (HTTP 500 invalid_request); the client refuses first. */
describe("Responses create checks the gateway's required fields before sending", () => {
  const sent: Request[] = [];
  const gateway = createGatewayClient({
    baseUrl: "http://127.0.0.1:9",
    apiKey: "sk-presend-0123456789",
    fetch: async (request) => {
      sent.push(request);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    },
  });
  const cases: Array<[string, unknown]> = [
    ["no model", { input: "hi" }],
    ["blank model", { model: "  ", input: "hi" }],
    ["no input", { model: "gpt-5.2" }],
    ["empty input", { model: "gpt-5.2", input: "" }],
    ["empty input list", { model: "gpt-5.2", input: [] }],
  ];
  for (const [name, body] of cases) {
    it(`create: ${name}`, async () => {
      const error = await gateway.responses.create(body as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({
        kind: "invalid_request",
        code: "invalid_argument",
        param: body && (body as { model?: string }).model?.trim() ? "input" : "model",
      });
      expect((error as Error).message).toMatch(/^(model|input): required/);
    });
    it(`stream: ${name}`, async () => {
      const error = await gateway.responses.stream(body as never).catch((e: unknown) => e);
      expect(isFeedgateError(error, "invalid_request")).toBe(true);
    });
  }
  it("nothing was sent", () => {
    expect(sent).toHaveLength(0);
  });
});

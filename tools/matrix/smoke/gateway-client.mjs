// Smoke test of @feedgate/gateway-client: plain node:assert, runs unchanged in Node, Bun,
// Deno and (bundled) a browser. `expected` comes from the smoke server (spec examples).
import assert from "node:assert/strict";
import { AuthenticationError, ConfigError, createGatewayClient } from "@feedgate/gateway-client";
import { collectResponse, outputText } from "@feedgate/gateway-client/collect";

/** @param {string} baseUrl  @param {Record<string, any>} expected */
export default async function smokeGatewayClient(baseUrl, expected) {
  const inBrowser = typeof globalThis.document !== "undefined";
  if (inBrowser) {
    // A key in a page is a leaked key: refused unless the caller opts in.
    assert.throws(
      () => createGatewayClient({ baseUrl, apiKey: expected.apiKey }),
      (e) => e instanceof ConfigError && e.kind === "config",
    );
  }
  const gateway = createGatewayClient({
    baseUrl,
    apiKey: expected.apiKey,
    dangerouslyAllowBrowser: inBrowser,
  });
  const request = { model: "gpt-5.2", input: "Why is the sky blue?" };

  const response = await gateway.responses.create(request);
  assert.equal(response.id, expected.responseId);
  assert.equal(outputText(response), expected.responseText);

  const streamed = await collectResponse(await gateway.responses.stream(request));
  assert.equal(streamed.response.id, expected.streamedResponseId);
  assert.equal(streamed.outputText, expected.streamedText);

  const wrongKey = "wrong-key-never-echoed";
  const rejected = createGatewayClient({
    baseUrl,
    apiKey: wrongKey,
    dangerouslyAllowBrowser: inBrowser,
  });
  await assert.rejects(rejected.responses.create(request), (error) => {
    assert.ok(error instanceof AuthenticationError);
    assert.equal(error.kind, "authentication");
    assert.equal(error.status, 401);
    assert.ok(
      !JSON.stringify(error).includes(wrongKey) && !String(error.stack).includes(wrongKey),
      "the key is not in the error",
    );
    return true;
  });
}

// Aborting a stream must work however long it ran: undici links each Request's signal to the one
// it follows only through a WeakRef, and the intermediate Requests (openapi-fetch's, the
// transport's) are unreachable once the answer arrived. After a garbage collection an abort
// passed only through them would never reach the body; the stream watches its own signal.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createGatewayClient } from "../../src/index.js";
import { startScriptedServer } from "../support/scripted-server.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let server: Awaited<ReturnType<typeof startScriptedServer>>;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

it("the caller's abort ends a stream and closes its connection after a garbage collection", async () => {
  server.script({
    headers: { "content-type": "text/event-stream" },
    chunks: ['event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\n'],
    stall: true,
  });
  const client = createGatewayClient({ baseUrl: server.url, apiKey: "sk-test-abort-gc-key" });
  const controller = new AbortController();
  const stream = await client.responses.stream(
    { model: "m", input: "x" },
    { signal: controller.signal },
  );
  const iterator = stream[Symbol.asyncIterator]();
  expect((await iterator.next()).value).toMatchObject({ type: "response.created" });
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const pending = iterator.next();
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: "AbortError", kind: "aborted" });
  await server.closed();
});

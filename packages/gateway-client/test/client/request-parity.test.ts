// The helpers build their requests without openapi-fetch (it stays out of their bundle); this
// holds them to it: for every row of the operations table, the helpers' request and the one
// openapi-fetch builds for the same operation and parameters have the same method, URL (path
// segments and query values encoded alike) and body.
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { paths } from "../../src/generated/gateway.js";
import { type GatewayOperationId, OPERATIONS } from "../../src/internal/operations.js";
import { type CallInit, requestOf } from "../../src/internal/request.js";

const BASE = "https://gateway.example/prefix";
/** Parameters that need encoding: a space, a slash, a colon, non-ASCII. */
const PATH = { response_id: "resp a/b:ü", task_id: "task 1/ü", model: "gemini 2.5/pro:ü" };
const BODY = { model: "m", input: "héllo\nworld", nested: { a: [1, "two"] } };

async function viaOpenapiFetch(id: GatewayOperationId, init: CallInit): Promise<Request> {
  let seen: Request | undefined;
  const client = createClient<paths>({
    baseUrl: BASE,
    fetch: async (request: Request) => {
      seen = request;
      return new Response("{}", { headers: { "content-type": "application/json" } });
    },
  });
  const { method, path } = OPERATIONS[id];
  const call = client[method.toUpperCase() as "POST"] as (
    path: string,
    init: object,
  ) => Promise<unknown>;
  await call(path, { params: init.params, body: init.body });
  return seen!;
}

describe("the helpers' requests equal openapi-fetch's", () => {
  for (const id of Object.keys(OPERATIONS) as GatewayOperationId[]) {
    it(id, async () => {
      const operation = OPERATIONS[id];
      const path = Object.fromEntries(
        Object.entries(PATH).filter(([name]) => operation.path.includes(`{${name}}`)),
      );
      const init: CallInit = {
        params: { path, ...(id === "createImage" ? { query: { async: true } } : {}) },
        ...(operation.method === "post" ? { body: BODY } : {}),
      };
      const ours = requestOf(BASE, {}, "sk-parity-0123456789", operation, init, undefined);
      const theirs = await viaOpenapiFetch(id, init);
      expect(ours.method).toBe(theirs.method);
      expect(ours.url).toBe(theirs.url);
      expect(await ours.text()).toBe(await theirs.text());
      expect(ours.headers.get("content-type")).toBe(theirs.headers.get("content-type"));
    });
  }
});

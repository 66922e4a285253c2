import { beforeAll, describe, expect, inject, it } from "vitest";
import { fromRoot, loadSpec } from "@feedgate/test-harness";
import { createFeedClient, readProblem, type FeedClient } from "../../src/index.js";
import { CALLS } from "../operations.js";

const spec = loadSpec(fromRoot("specs/feed/dist/openapi-v1.json"));

/** The code each failure status carries in this project's examples. */
const EXPECTED_CODE: Record<number, string> = {
  400: "invalid_request",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "snapshot_required",
  429: "rate_limited",
  503: "temporarily_unavailable",
};

let client: FeedClient;
beforeAll(() => {
  client = createFeedClient({ baseUrl: inject("prismUrl") });
});

describe("every documented failure status surfaces as a Problem", () => {
  const cases = spec.operations().flatMap(({ operationId, operation }) =>
    Object.keys(operation["responses"] as object)
      .map(Number)
      .filter((status) => status >= 400)
      .map((status) => ({ operationId, status })),
  );

  it("the document declares the failure statuses the service uses", () => {
    const byOp = (id: string) => cases.filter((c) => c.operationId === id).map((c) => c.status);
    for (const { operationId } of spec.operations()) {
      expect(byOp(operationId)).toEqual(expect.arrayContaining([400, 403, 405, 429, 503]));
    }
    for (const id of ["storyByPublicId", "latestDaily", "dailyByDate"]) expect(byOp(id)).toContain(404);
    for (const id of ["selectedSnapshot", "selectedChanges"]) expect(byOp(id)).toContain(409);
  });

  for (const { operationId, status } of cases) {
    it(`${operationId}: ${status}`, async () => {
      const result = await CALLS[operationId]!(client, { headers: { Prefer: `code=${status}` } });
      const { response } = result;
      expect(response.headers.get("sl-violations")).toBeNull();
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      const problem = readProblem(result);
      expect(problem).toBeDefined();
      expect(problem!.status).toBe(status);
      expect(problem!.code).toBe(EXPECTED_CODE[status]);
      expect(problem!.problem?.status).toBe(status);
      expect(problem!.requestId).toMatch(/\S{6,}/);
      expect(problem!.requestId).toBe(response.headers.get("x-request-id"));
      expect(spec.validateResponse(operationId, status, result.error, "application/problem+json").text).toBe("");
      if (status === 429 || status === 503) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
    });
  }

  for (const operationId of ["items", "selectedSnapshot", "selectedChanges"]) {
    it(`${operationId}: 400 invalid_cursor is available as a named example`, async () => {
      const result = await CALLS[operationId]!(client, { headers: { Prefer: "code=400, example=invalid_cursor" } });
      expect(result.response.headers.get("sl-violations")).toBeNull();
      expect(readProblem(result)?.code).toBe("invalid_cursor");
    });
  }
});

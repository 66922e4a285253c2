import { fromRoot, loadSpec } from "@feedgate/test-harness";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  ConflictError,
  createFeedClient,
  errorOfResult,
  type FeedClient,
  FeedgateError,
  RateLimitError,
  ServerError,
} from "../../src/index.js";
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
  // Every scripted failure is the answer under test: no retries.
  client = createFeedClient({ baseUrl: inject("prismUrl"), maxRetries: 0 });
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
    for (const id of ["storyByPublicId", "latestDaily", "dailyByDate"])
      expect(byOp(id)).toContain(404);
    for (const id of ["selectedSnapshot", "selectedChanges"]) expect(byOp(id)).toContain(409);
  });

  for (const { operationId, status } of cases) {
    it(`${operationId}: ${status}`, async () => {
      const result = await CALLS[operationId]!(client, { headers: { Prefer: `code=${status}` } });
      const { response } = result;
      expect(response.headers.get("sl-violations")).toBeNull();
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      const error = errorOfResult(result);
      expect(error).toBeInstanceOf(FeedgateError);
      expect(error!.status).toBe(status);
      expect(error!.code).toBe(EXPECTED_CODE[status]);
      expect(error!.problem?.status).toBe(status);
      expect(error!.requestId).toMatch(/\S{6,}/);
      expect(error!.requestId).toBe(response.headers.get("x-request-id"));
      expect(error!.message).not.toContain(error!.requestId);
      expect(error!.attempts).toBe(1);
      if (status === 429) expect(error).toBeInstanceOf(RateLimitError);
      if (status === 503) expect(error).toBeInstanceOf(ServerError);
      if (status === 409) expect(error).toBeInstanceOf(ConflictError);
      expect(
        spec.validateResponse(operationId, status, result.error, "application/problem+json").text,
      ).toBe("");
      if (status === 429 || status === 503) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
    });
  }

  for (const operationId of ["items", "selectedSnapshot", "selectedChanges"]) {
    it(`${operationId}: 400 invalid_cursor is available as a named example`, async () => {
      const result = await CALLS[operationId]!(client, {
        headers: { Prefer: "code=400, example=invalid_cursor" },
      });
      expect(result.response.headers.get("sl-violations")).toBeNull();
      expect(errorOfResult(result)).toMatchObject({
        kind: "invalid_cursor",
        code: "invalid_cursor",
        name: "InvalidRequestError",
      });
    });
  }
});

describe("a stories 404 as the feed's document means it", () => {
  it("says the story may not exist or the story layer may be unavailable", async () => {
    const { readFile } = await import("node:fs/promises");
    const doc = JSON.parse(await readFile(fromRoot("specs/feed/dist/openapi-v1.json"), "utf8"));
    const notFound = doc.paths["/api/v1/stories/{publicId}"].get.responses["404"];
    expect(notFound.description).toMatch(/may not exist.*story layer may be unavailable/);
  });
});

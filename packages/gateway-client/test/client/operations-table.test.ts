// Issue 22 (3): one operations table per client. The compiler checks it is complete
// (`satisfies Record<GatewayOperationId, Operation>` in src/operations.ts); this test checks
// each row against the generated rule table and the document's security.
import { createRequire } from "node:module";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { operations } from "../../src/generated/gateway.js";
import { GATEWAY_RULES } from "../../src/generated/rules.js";
import { type GatewayOperationId, OPERATIONS, operationOf } from "../../src/internal/operations.js";

const SCHEMES: Record<string, string> = {
  bearerAuth: "bearer",
  apiKeyHeader: "anthropic",
  googApiKey: "google",
};

describe("the gateway client's operations table", () => {
  it("has a row for every operation of the document, and no other (a type test)", () => {
    expectTypeOf<keyof typeof OPERATIONS>().toEqualTypeOf<keyof operations>();
    expectTypeOf<GatewayOperationId>().toEqualTypeOf<keyof operations>();
    expect(Object.keys(OPERATIONS).sort()).toEqual(Object.keys(GATEWAY_RULES.operations).sort());
  });

  it("takes method and path from the generated rules", () => {
    for (const [id, rule] of Object.entries(GATEWAY_RULES.operations)) {
      const row = OPERATIONS[id as GatewayOperationId];
      expect([id, row.method, row.path]).toEqual([id, rule.method, rule.path]);
      expect(operationOf(rule.method.toUpperCase(), rule.path)).toBe(id);
    }
  });

  it("names the credential of the document's first security requirement", () => {
    const doc = createRequire(import.meta.url)("../../dist/openapi.json") as {
      security: Array<Record<string, unknown>>;
      paths: Record<
        string,
        Record<string, { operationId?: string; security?: Array<Record<string, unknown>> }>
      >;
    };
    const seen: string[] = [];
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item)) {
        if (!op.operationId) continue;
        const scheme = Object.keys((op.security ?? doc.security)[0]!)[0]!;
        expect([
          op.operationId,
          OPERATIONS[op.operationId as GatewayOperationId].credential,
        ]).toEqual([op.operationId, SCHEMES[scheme]]);
        seen.push(op.operationId);
      }
    expect(seen.sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it("tells a request's operation by method and path, concrete or templated", () => {
    expect(operationOf("POST", "/v1/responses/resp_1/cancel")).toBe("cancelResponse");
    expect(operationOf("POST", "/v1/responses/input_tokens")).toBe("countResponseInputTokens");
    expect(operationOf("GET", "/v1/responses/resp_1")).toBe("retrieveResponse");
    expect(operationOf("POST", "/v1beta/models/g-2:streamGenerateContent")).toBe(
      "streamGenerateContent",
    );
    expect(operationOf("GET", "/v1/unknown")).toBeUndefined();
  });
});

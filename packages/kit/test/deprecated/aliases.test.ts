// Issue 34, item 4: the 0.1.0 names that came back as deprecated aliases behave as their
// replacements do (the 0.1.0 app's compile test checks their types and strike-through).
import { ConfigError, NotFoundError } from "@feedgate/core";
import { isFeedClientConfigError, readProblem } from "@feedgate/feed-client";
import { fromFeedProblem, fromGatewayError } from "@feedgate/kit";
import { describe, expect, it } from "vitest";

describe("0.1.0 aliases", () => {
  it("readProblem → fromFeedProblem gives the typed error, with code and request id", () => {
    const response = new Response(null, { status: 404, headers: { "x-request-id": "req-1" } });
    const problem = readProblem({
      response,
      error: { status: 404, code: "not_found", detail: "no such story" },
    });
    expect(problem).toMatchObject({ status: 404, code: "not_found", requestId: "req-1" });
    const error = fromFeedProblem(problem!);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: "not_found", requestId: "req-1" });
    expect(readProblem({ response: new Response("{}", { status: 200 }) })).toBeUndefined();
  });

  it("isFeedClientConfigError and fromGatewayError answer as the family does", () => {
    const config = new ConfigError({ kind: "config", message: "bad", option: "baseUrl" });
    expect(isFeedClientConfigError(config)).toBe(true);
    expect(isFeedClientConfigError(new Error("bad"))).toBe(false);
    expect(fromGatewayError(config)).toBe(config);
  });
});

import { runInNewContext } from "node:vm";
import { GatewayError } from "@feedgate/gateway-client";
import { describe, expect, it } from "vitest";
import { FeedgateError, fromFeedProblem, fromGatewayError, isFeedgateError, isTransientError } from "../../src/index.js";

describe("the FeedgateError family", () => {
  it("is recognised by brand, also across realms and copies, and by kind", () => {
    const local = new FeedgateError({ kind: "rate_limited", message: "slow down", retryAfterMs: 1000 });
    expect(isFeedgateError(local)).toBe(true);
    expect(isFeedgateError(local, "rate_limited")).toBe(true);
    expect(isFeedgateError(local, "timeout")).toBe(false);
    const foreign = runInNewContext(`({ name: "FeedgateError", isFeedgateError: true, kind: "timeout", message: "m" })`);
    expect(foreign instanceof FeedgateError).toBe(false);
    expect(isFeedgateError(foreign, "timeout")).toBe(true);
    expect(isFeedgateError(new Error("x"))).toBe(false);
    expect(isFeedgateError(null)).toBe(false);
  });

  it("is built from a feed Problem, with the Retry-After of the answer", () => {
    const problem = { type: "/problems/temporarily-unavailable", title: "t", status: 503, detail: "Search is busy; retry later.", code: "temporarily_unavailable", requestId: "r-1" };
    const error = fromFeedProblem({ status: 503, code: problem.code, requestId: "r-1", problem }, new Headers({ "retry-after": "5" }), { attempts: 3 });
    expect(error).toMatchObject({ kind: "unavailable", status: 503, code: "temporarily_unavailable", requestId: "r-1", retryAfterMs: 5000, attempts: 3, problem });
    expect(error.message).toBe("HTTP 503 temporarily_unavailable: Search is busy; retry later. (request id r-1)");
    expect(isTransientError(error)).toBe(true);
    const cursor = fromFeedProblem({ status: 400, code: "invalid_cursor", requestId: undefined, problem: undefined });
    expect(cursor.kind).toBe("invalid_cursor");
    expect(isTransientError(cursor)).toBe(false);
  });

  it("is built from the gateway client's errors", () => {
    const envelope = { kind: "task" as const, code: "task_not_exist", message: "task_not_exist" };
    const notFound = fromGatewayError(new GatewayError({ kind: "task_not_found", status: 400, code: "task_not_exist", message: "no such task", envelope, requestId: "g-1" }));
    expect(notFound).toMatchObject({ kind: "not_found", status: 400, code: "task_not_exist", requestId: "g-1", envelope });
    expect(fromGatewayError(new GatewayError({ kind: "api", status: 429, code: "rate_limit_error", message: "m" }))).toMatchObject({ kind: "rate_limited" });
    expect(fromGatewayError(new GatewayError({ kind: "api", status: 403, code: "insufficient_user_quota", message: "m" }))).toMatchObject({ kind: "http" });
    const other = new Error("not ours");
    expect(fromGatewayError(other)).toBe(other);
  });

  it("serialises only what the service answered", () => {
    const error = new FeedgateError({ kind: "http", message: "m", status: 401, code: "unauthorized", cause: new Error("inner") });
    expect(Object.keys(error.toJSON()).sort()).toEqual(["attempts", "code", "envelope", "kind", "message", "name", "param", "problem", "requestId", "retryAfterMs", "status"]);
  });
});

import { runInNewContext } from "node:vm";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  AbortError,
  AuthenticationError,
  ConfigError,
  ConflictError,
  ConnectionError,
  createError,
  errorClassOf,
  FeedgateError,
  type FeedgateErrorKind,
  InvalidRequestError,
  isFeedgateError,
  isTransientError,
  kindOfStatus,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  StreamError,
  TimeoutError,
  UnsupportedError,
} from "../../src/index.js";

describe("the FeedgateError family", () => {
  it("is recognised by brand, also across realms and copies, and by kind", () => {
    const local = createError({ kind: "rate_limited", message: "slow down", retryAfterMs: 1000 });
    expect(isFeedgateError(local)).toBe(true);
    expect(isFeedgateError(local, "rate_limited")).toBe(true);
    expect(isFeedgateError(local, "timeout")).toBe(false);
    const foreign = runInNewContext(
      `({ name: "RateLimitError", isFeedgateError: true, kind: "timeout", message: "m" })`,
    );
    expect(foreign instanceof FeedgateError).toBe(false);
    expect(isFeedgateError(foreign, "timeout")).toBe(true);
    expect(isFeedgateError(new Error("x"))).toBe(false);
    expect(isFeedgateError(null)).toBe(false);
  });

  it.each<[FeedgateErrorKind, typeof FeedgateError, string]>([
    ["config", ConfigError, "ConfigError"],
    ["invalid_request", InvalidRequestError, "InvalidRequestError"],
    ["invalid_cursor", InvalidRequestError, "InvalidRequestError"],
    ["authentication", AuthenticationError, "AuthenticationError"],
    ["permission_denied", PermissionDeniedError, "PermissionDeniedError"],
    ["not_found", NotFoundError, "NotFoundError"],
    ["snapshot_required", ConflictError, "ConflictError"],
    ["rate_limited", RateLimitError, "RateLimitError"],
    ["unavailable", ServerError, "ServerError"],
    ["server", ServerError, "ServerError"],
    ["network", ConnectionError, "ConnectionError"],
    ["timeout", TimeoutError, "TimeoutError"],
    ["aborted", AbortError, "AbortError"],
    ["stream", StreamError, "StreamError"],
    ["unsupported", UnsupportedError, "UnsupportedError"],
  ])("kind %s is a %s, catchable as a FeedgateError and an Error", (kind, Class, name) => {
    const error = createError({ kind, message: "m" });
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(FeedgateError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(errorClassOf(kind)).toBe(Class);
    expect(error.kind).toBe(kind);
  });

  it("kind http stays the base class", () => {
    const error = createError({ kind: "http", status: 413, message: "too big" });
    expect(error.constructor).toBe(FeedgateError);
    expect(error).not.toBeInstanceOf(ServerError);
  });

  it.each([
    [400, "invalid_request"],
    [401, "authentication"],
    [403, "permission_denied"],
    [404, "not_found"],
    [408, "timeout"],
    [409, "conflict"],
    [422, "invalid_request"],
    [429, "rate_limited"],
    [500, "server"],
    [501, "server"],
    [503, "unavailable"],
    [413, "http"],
  ] as const)(
    "status %i is kind %s (a client refines it with its service's codes)",
    (status, kind) => {
      expect(kindOfStatus(status)).toBe(kind);
    },
  );

  it("says which failures are worth trying again", () => {
    expect(isTransientError(createError({ kind: "server", status: 500, message: "m" }))).toBe(true);
    expect(isTransientError(createError({ kind: "network", message: "m" }))).toBe(true);
    // The gateway's validation 500 is final.
    expect(
      isTransientError(
        createError({
          kind: "invalid_request",
          status: 500,
          code: "invalid_request",
          message: "m",
        }),
      ),
    ).toBe(false);
    expect(isTransientError(createError({ kind: "not_found", status: 404, message: "m" }))).toBe(
      false,
    );
    expect(isTransientError(new Error("x"))).toBe(false);
  });

  it("never treats an error its service marked final as transient, whatever its kind", () => {
    expect(isTransientError(createError({ kind: "rate_limited", status: 429, message: "m" }))).toBe(
      true,
    );
    for (const kind of ["rate_limited", "unavailable", "server"] as const)
      expect(isTransientError(createError({ kind, status: 503, final: true, message: "m" }))).toBe(
        false,
      );
  });

  it("reads transience from the table of kinds only: a status does not make a kind transient", () => {
    expect(isTransientError(createError({ kind: "not_found", status: 500, message: "m" }))).toBe(
      false,
    );
    expect(
      isTransientError(createError({ kind: "invalid_response", status: 200, message: "m" })),
    ).toBe(true);
  });

  it("an unsupported operation is never transient, whatever its status", () => {
    expect(
      isTransientError(
        createError({
          kind: "unsupported",
          status: 501,
          code: "unsupported_by_gateway",
          message: "m",
        }),
      ),
    ).toBe(false);
  });

  it("serialises only what the service answered", () => {
    const error = createError({
      kind: "authentication",
      message: "m",
      status: 401,
      code: "unauthorized",
      cause: new Error("inner"),
    });
    expect(Object.keys(error.toJSON()).sort()).toEqual([
      "attempts",
      "code",
      "envelope",
      "final",
      "kind",
      "message",
      "name",
      "option",
      "param",
      "problem",
      "requestId",
      "retryAfterMs",
      "status",
      "taskId",
    ]);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: "AuthenticationError",
      status: 401,
    });
  });

  it("types: createError returns the base type, narrowed by instanceof", () => {
    const error: unknown = createError({ kind: "rate_limited", message: "m" });
    if (error instanceof RateLimitError)
      expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
    // @ts-expect-error: kinds are a closed set
    createError({ kind: "api", message: "m" });
  });
});

import { AuthenticationError, ConfigError, FeedgateError } from "@feedgate/kit";
import { describe, expect, it } from "vitest";
import { describeFailure } from "../../src/internal/cli/describe-failure.js";
import { Interrupted, StepFailure, UsageError } from "../../src/internal/cli/errors.js";

const ctx = { interrupted: false, command: "items" };

type ErrorOptions = ConstructorParameters<typeof FeedgateError>[0];
/** What a client knows of a service's error answer: its kind, status, code and request id. */
const answered = (
  [kind, status, code, requestId]: [ErrorOptions["kind"], number, string, string],
  rest: Omit<ErrorOptions, "kind">,
): ErrorOptions => ({ kind, status, code, requestId, ...rest });

describe("describeFailure", () => {
  it("a usage error exits 2 with a help hint", () => {
    const report = describeFailure(
      new UsageError("no gateway URL configured", "set FEEDGATE_GATEWAY_URL"),
      ctx,
    );
    expect(report).toMatchObject({
      exitCode: 2,
      line: "no gateway URL configured",
      hint: "set FEEDGATE_GATEWAY_URL",
    });
  });

  it("the kit's refusal before sending is a usage error naming the parameter", () => {
    const error = new FeedgateError({
      kind: "invalid_request",
      code: "invalid_argument",
      param: "q",
      message: "q: must contain 2 to 200 characters",
    });
    const report = describeFailure(new StepFailure("items", error), ctx);
    expect(report.exitCode).toBe(2);
    expect(report.line).toBe("invalid q: must contain 2 to 200 characters");
  });

  it("a service error is one line with what failed, status, code, detail and request id", () => {
    const error = new FeedgateError(
      answered(["rate_limited", 429, "rate_limited", "req-1"], {
        retryAfterMs: 30_000,
        message: "x",
        problem: {
          type: "/problems/rate-limited",
          title: "Too many requests",
          status: 429,
          detail: "Slow down.",
          code: "rate_limited",
          requestId: "req-1",
        },
      }),
    );
    const report = describeFailure(new StepFailure("hot topics", error), ctx);
    expect(report.exitCode).toBe(1);
    expect(report.line).toBe(
      "hot topics failed: HTTP 429 rate_limited: Slow down. (request id req-1)",
    );
    expect(report.hint).toBe("the service asked to slow down; retry later (it asked to wait 30 s)");
  });

  it("a gateway error keeps one request id and the envelope's message", () => {
    const error = new AuthenticationError(
      answered(["authentication", 401, "invalid_api_key", "gw-9"], {
        envelope: { kind: "openai", error: { message: "bad key (request id: gw-9)" } },
        message: "createResponse failed: HTTP 401 invalid_api_key: bad key",
      }),
    );
    const report = describeFailure(new StepFailure("response", error), {
      interrupted: false,
      command: "respond",
    });
    expect(report.line).toBe(
      "response failed: HTTP 401 invalid_api_key: bad key (request id gw-9)",
    );
    expect(report.hint).toContain("FEEDGATE_API_KEY");
  });

  it("a configuration error exits 2 and names the setting of the command's service", () => {
    const error = new ConfigError({
      kind: "config",
      option: "baseUrl",
      message: "baseUrl: required: pass baseUrl or set FEEDGATE_GATEWAY_URL",
    });
    const report = describeFailure(new StepFailure("response", error), {
      interrupted: false,
      command: "respond",
    });
    expect(report).toMatchObject({
      exitCode: 2,
      line: error.message,
      hint: "check --gateway-url or FEEDGATE_GATEWAY_URL",
    });
  });

  it("Ctrl-C and aborts exit 130", () => {
    expect(describeFailure(new Interrupted(), ctx).exitCode).toBe(130);
    expect(
      describeFailure(new StepFailure("x", new DOMException("stop", "AbortError")), ctx).exitCode,
    ).toBe(130);
    expect(describeFailure(new Error("boom"), { ...ctx, interrupted: true }).exitCode).toBe(130);
  });

  it("anything else is a runtime failure with its message", () => {
    expect(
      describeFailure(new StepFailure("saving the images", new Error("disk full")), ctx),
    ).toMatchObject({ exitCode: 1, line: "saving the images failed: disk full" });
  });
});

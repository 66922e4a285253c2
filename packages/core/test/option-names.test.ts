import { describe, expect, it } from "vitest";
import { ConfigError, checkOptionNames, closestName } from "../src/index.js";

const KNOWN = { baseUrl: true, maxRetries: true, timeoutMs: true, fetch: true } as const;

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("checkOptionNames", () => {
  it("accepts known options, undefined values included", () => {
    expect(
      thrown(() => checkOptionNames({ baseUrl: undefined, maxRetries: 0 }, KNOWN, "createX")),
    ).toBeUndefined();
  });

  it("refuses a misspelled option with a ConfigError naming it and the option meant", () => {
    const error = thrown(() => checkOptionNames({ baseURL: "http://127.0.0.1" }, KNOWN, "createX"));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ kind: "config", code: "invalid_option", option: "baseURL" });
    expect((error as Error).message).toBe(
      'baseURL: not an option of createX; did you mean "baseUrl"?',
    );
    expect(
      (thrown(() => checkOptionNames({ timeout: 1 }, KNOWN, "createX")) as Error).message,
    ).toContain('did you mean "timeoutMs"?');
  });

  it("lists the options when nothing is close", () => {
    expect(
      (thrown(() => checkOptionNames({ proxyAgent: 1 }, KNOWN, "createX")) as Error).message,
    ).toBe(
      "proxyAgent: not an option of createX (its options: baseUrl, maxRetries, timeoutMs, fetch)",
    );
  });

  it("suggests only a close name", () => {
    expect(closestName("retries", ["maxRetries", "timeoutMs"])).toBe("maxRetries");
    expect(closestName("BASEURL", ["baseUrl"])).toBe("baseUrl");
    expect(closestName("zzz", ["baseUrl", "fetch"])).toBeUndefined();
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, ENV, readEnv, requireSetting } from "../src/index.js";

afterEach(() => {
  delete process.env.FEEDGATE_API_KEY;
  delete (globalThis as { Deno?: unknown }).Deno;
});

describe("environment defaults", () => {
  it("reads a variable where a process environment exists; empty counts as unset", () => {
    expect(readEnv(ENV.apiKey)).toBeUndefined();
    process.env.FEEDGATE_API_KEY = "  sk-from-env  ";
    expect(readEnv(ENV.apiKey)).toBe("sk-from-env");
    process.env.FEEDGATE_API_KEY = " ";
    expect(readEnv(ENV.apiKey)).toBeUndefined();
  });

  it("reads Deno's environment, and treats a refused read as unset", () => {
    (globalThis as { Deno?: unknown }).Deno = {
      env: { get: (name: string) => (name === "X" ? "deno" : undefined) },
    };
    expect(readEnv("X")).toBe("deno");
    (globalThis as { Deno?: unknown }).Deno = {
      env: {
        get: () => {
          throw new Error("PermissionDenied");
        },
      },
    };
    expect(readEnv("X")).toBeUndefined();
  });

  it("a missing setting is a ConfigError naming the option and the variable, never a value", () => {
    expect(requireSetting("given", "apiKey", ENV.apiKey, "the gateway's key")).toBe("given");
    const error = (() => {
      try {
        requireSetting(undefined, "apiKey", ENV.apiKey, "the gateway's key");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ kind: "config", option: "apiKey" });
    expect((error as Error).message).toContain("FEEDGATE_API_KEY");
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, createGatewayClient, type GatewayClientOptions } from "../../src/index.js";

describe("createGatewayClient option names", () => {
  it("refuses a misspelled option before sending, naming the option meant", () => {
    const create = () =>
      createGatewayClient({
        baseUrl: "http://127.0.0.1:9",
        apiKey: "sk-test-key",
        timeout: 5,
      } as GatewayClientOptions);
    expect(create).toThrow(ConfigError);
    expect(create).toThrow(
      'timeout: not an option of createGatewayClient; did you mean "timeoutMs"?',
    );
  });
});

describe("a bad value from the environment", () => {
  it("is reported under the variable's name, never quoting a key", () => {
    const saved = {
      url: process.env["FEEDGATE_GATEWAY_URL"],
      key: process.env["FEEDGATE_API_KEY"],
    };
    process.env["FEEDGATE_GATEWAY_URL"] = "ftp://127.0.0.1";
    process.env["FEEDGATE_API_KEY"] = "sk-ok-key-123";
    try {
      expect(() => createGatewayClient()).toThrow(
        "FEEDGATE_GATEWAY_URL: must be http(s), got ftp:",
      );
      process.env["FEEDGATE_GATEWAY_URL"] = "http://127.0.0.1:9";
      process.env["FEEDGATE_API_KEY"] = "sk-x";
      expect(() => createGatewayClient()).toThrow(/^FEEDGATE_API_KEY: too short/);
      expect(() => createGatewayClient({ apiKey: "sk-x" })).toThrow(/^apiKey: too short/);
    } finally {
      for (const [name, value] of [
        ["FEEDGATE_GATEWAY_URL", saved.url],
        ["FEEDGATE_API_KEY", saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, createGatewayClient, type GatewayClientOptions } from "../../src/index.js";

describe("createGatewayClient option names", () => {
  it("refuses a misspelled option before sending, naming the option meant", () => {
    const create = () => createGatewayClient({ baseUrl: "http://127.0.0.1:9", apiKey: "sk-test-key", timeout: 5 } as GatewayClientOptions);
    expect(create).toThrow(ConfigError);
    expect(create).toThrow('timeout: not an option of createGatewayClient; did you mean "timeoutMs"?');
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { settingOf } from "../src/index.js";

const saved = process.env["FEEDGATE_TEST_SETTING"];
afterEach(() => {
  if (saved === undefined) delete process.env["FEEDGATE_TEST_SETTING"];
  else process.env["FEEDGATE_TEST_SETTING"] = saved;
});

describe("settingOf", () => {
  it("names the option when given, the variable when the value came from it, and the option when neither", () => {
    process.env["FEEDGATE_TEST_SETTING"] = "from-env";
    expect(settingOf("given", "baseUrl", "FEEDGATE_TEST_SETTING")).toEqual({
      value: "given",
      name: "baseUrl",
    });
    expect(settingOf(undefined, "baseUrl", "FEEDGATE_TEST_SETTING")).toEqual({
      value: "from-env",
      name: "FEEDGATE_TEST_SETTING",
    });
    delete process.env["FEEDGATE_TEST_SETTING"];
    expect(settingOf(undefined, "baseUrl", "FEEDGATE_TEST_SETTING")).toEqual({
      value: undefined,
      name: "baseUrl",
    });
  });
});

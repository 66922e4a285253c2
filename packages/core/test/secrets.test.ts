import { describe, expect, it } from "vitest";
import { CREDENTIAL_HEADERS, redact, secretForms } from "../src/index.js";
import { secretsOf } from "../src/internal/secrets.js";

describe("credentials, listed once and redacted by one function", () => {
  it("lists every credential header, lower case and sorted", () => {
    expect([...CREDENTIAL_HEADERS].sort()).toEqual(CREDENTIAL_HEADERS);
    expect(CREDENTIAL_HEADERS).toContain("x-goog-api-key");
  });

  it("redacts a key in every form it can take: bare, without sk-, without its scheme, JSON-escaped", () => {
    const key = 'sk-abc"def';
    const forms = secretForms(`Bearer ${key}`);
    const text = `a Bearer ${key} b ${key} c abc"def d ${JSON.stringify(key).slice(1, -1)}`;
    const out = redact(text, forms);
    expect(out).not.toContain("abc");
    expect(out).toBe("a [redacted] b [redacted] c [redacted] d [redacted]");
  });

  it("finds the secrets of a request's headers, longest first", () => {
    const secrets = secretsOf(new Headers({ "x-api-key": "sk-12345678", accept: "x" }));
    expect(secrets).toEqual(["sk-12345678", "12345678"]);
  });

  it("leaves secrets under 4 characters alone (they cannot be told from text)", () => {
    expect(redact("abc abc", ["abc"])).toBe("abc abc");
  });
});

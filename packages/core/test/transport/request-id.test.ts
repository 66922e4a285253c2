// Issue 20 (7): the id the gateway's operator can look up is X-Oneapi-Request-Id; an X-Request-Id
// may be a proxy's, or the upstream's (the gateway copies upstream headers on a relayed success).
import { describe, expect, it } from "vitest";
import { getResponseMeta, requestIdOf } from "../../src/index.js";

describe("request id", () => {
  it("prefers the gateway's X-Oneapi-Request-Id over an X-Request-Id a proxy or the upstream added", () => {
    const headers = new Headers({
      "x-request-id": "proxy-id",
      "x-oneapi-request-id": "20261125221300123456789abcdef01RandOm12",
    });
    expect(requestIdOf(headers)).toBe("20261125221300123456789abcdef01RandOm12");
    expect(getResponseMeta(new Response(null, { headers })).requestId).toBe(
      "20261125221300123456789abcdef01RandOm12",
    );
  });

  it("falls back to X-Request-Id, then request-id", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "feed-1", "request-id": "other" }))).toBe(
      "feed-1",
    );
    expect(requestIdOf(new Headers({ "request-id": "other" }))).toBe("other");
    expect(requestIdOf(new Headers())).toBeUndefined();
  });
});

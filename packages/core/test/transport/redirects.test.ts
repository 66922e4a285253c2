import {
  getRequest,
  json,
  postRequest,
  recordingSleep,
  scriptedFetch,
} from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { createResilientFetch, followRedirects, getResponseMeta } from "../../src/index.js";

const ok = () => json(200, { ok: true });
const to = (status: number, location: string) =>
  new Response(null, { status, headers: { location } });
const KEY = "sk-redirect-test-key";

function transport(script: Parameters<typeof scriptedFetch>[0], maxRedirects = 5) {
  const stub = scriptedFetch(script);
  const { sleep } = recordingSleep();
  const rf = createResilientFetch({
    fetch: stub.fetch,
    sleep,
    random: () => 0,
    redirects: followRedirects(maxRedirects),
  });
  return { rf, seen: stub.seen };
}

describe("redirects followed inside the attempt loop (redirects: followRedirects(max))", () => {
  it("follows a same-origin redirect with the credential and the body, and records where it ended", async () => {
    const { rf, seen } = transport([to(308, "/v2/things?moved=1"), ok()]);
    const request = postRequest(
      "https://svc.example/v1/things",
      { a: 1 },
      {
        authorization: `Bearer ${KEY}`,
      },
    );
    const response = await rf(request);
    expect(response.status).toBe(200);
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["POST", "https://svc.example/v1/things"],
      ["POST", "https://svc.example/v2/things?moved=1"],
    ]);
    expect(seen[1]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(seen[1]!.body).toBe(JSON.stringify({ a: 1 }));
    expect(getResponseMeta(response)).toMatchObject({
      attempts: 1,
      method: "POST",
      url: "https://svc.example/v2/things?moved=1",
    });
  });

  it("turns a POST into a GET without a body after a 303", async () => {
    const { rf, seen } = transport([to(303, "/done"), ok()]);
    await rf(postRequest("https://svc.example/v1/things"));
    expect(seen[1]).toMatchObject({ method: "GET", body: undefined });
    expect(seen[1]!.headers.get("content-type")).toBeNull();
  });

  it("a retry repeats the whole attempt, hops included, from the original URL", async () => {
    const { rf, seen } = transport([to(307, "/b"), json(503, {}), to(307, "/b"), ok()]);
    const response = await rf(getRequest("https://svc.example/a"));
    expect(response.status).toBe(200);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(["/a", "/b", "/a", "/b"]);
    expect(getResponseMeta(response).attempts).toBe(2);
  });

  it("never sends a credential to another origin: refused, not retried, nothing sent there", async () => {
    const { rf, seen } = transport([to(302, "https://elsewhere.example/x"), ok()]);
    const error = await rf(getRequest("https://svc.example/a", { "x-api-key": KEY })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: "redirect", code: "cross_origin_refused", status: 302 });
    expect((error as Error).message).toContain("https://elsewhere.example");
    expect((error as Error).message).not.toContain(KEY);
    expect(seen.map((s) => new URL(s.url).origin)).toEqual(["https://svc.example"]);
  });

  it("follows a redirect to another origin when no credential rides along", async () => {
    const { rf, seen } = transport([to(302, "https://elsewhere.example/x"), ok()]);
    expect((await rf(getRequest("https://svc.example/a"))).status).toBe(200);
    expect(seen[1]!.url).toBe("https://elsewhere.example/x");
  });

  it("gives up after max hops", async () => {
    const { rf, seen } = transport([to(308, "/loop")], 2);
    await expect(rf(getRequest("https://svc.example/loop"))).rejects.toMatchObject({
      kind: "redirect",
      code: "too_many_redirects",
    });
    expect(seen).toHaveLength(3);
  });

  it("leaves redirects to fetch when no follower is set", async () => {
    const stub = scriptedFetch([to(308, "/b"), ok()]);
    const rf = createResilientFetch({ fetch: stub.fetch });
    expect((await rf(getRequest("https://svc.example/a"))).status).toBe(308);
    expect(stub.seen).toHaveLength(1);
  });
});

describe("a streamed body with a redirect follower", () => {
  it("is sent with redirect manual and its redirect is the answer: never followed, never with the key", async () => {
    const stub = scriptedFetch([to(307, "https://elsewhere.example/x"), ok()]);
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("bytes"));
        c.close();
      },
    });
    let mode: RequestRedirect | undefined;
    const response = await createResilientFetch({
      fetch: (request) => {
        mode = request.redirect;
        return stub.fetch(request);
      },
      redirects: followRedirects(5),
    })(
      new Request("https://svc.example/upload", {
        method: "POST",
        body,
        duplex: "half",
        headers: { "x-api-key": KEY },
      } as RequestInit),
    );
    expect(mode).toBe("manual");
    expect(response.status).toBe(307);
    expect(stub.seen).toHaveLength(1);
  });
});

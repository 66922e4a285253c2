import { describe, expect, it } from "vitest";
import { FEED_ROUTES, GATEWAY_ROUTES } from "../../src/index.js";
import { pathOf, routerOf } from "../../src/internal/core/routes.js";
import { feedRoute } from "../../src/internal/feed/routes.js";
import { matchGatewayRoute } from "../../src/internal/gateway/routes.js";
import { feedSpecValidator, gatewaySpecValidator } from "../support/http.js";

const get = (path: string) => ({ method: "get", path, params: {} });

describe("routes from the generated rule tables", () => {
  it("a literal path wins over a template; a parameter takes one segment, or up to the template's next character", () => {
    const route = routerOf({
      latest: get("/d/latest"),
      byDate: get("/d/{date}"),
      gen: { method: "post", path: "/m/{model}:gen" },
    });
    expect(route("GET", "/d/latest")).toEqual({ route: "latest", params: {} });
    expect(route("HEAD", "/d/2026-01-02")).toEqual({
      route: "byDate",
      params: { date: "2026-01-02" },
    });
    expect(route("GET", "/d/a/b")).toBeUndefined();
    expect(route("POST", "/d/latest")).toBeUndefined();
    expect(route(undefined, "/d/latest")?.route).toBe("latest");
    expect(route("POST", "/m/gemini-2.5:gen")).toEqual({
      route: "gen",
      params: { model: "gemini-2.5" },
    });
    expect(route("POST", "/m/a:b:gen")).toBeUndefined();
    expect(pathOf(get("/s/{id}"), { id: "a/b" })).toBe("/s/a%2Fb");
  });

  it("the fakes route every operation of their documents, by its path", () => {
    const operationIds = (spec: ReturnType<typeof feedSpecValidator>) =>
      spec.operations().map((o) => o.operationId);
    expect([...FEED_ROUTES].sort()).toEqual(operationIds(feedSpecValidator()).sort());
    expect([...GATEWAY_ROUTES].sort()).toEqual(operationIds(gatewaySpecValidator()).sort());
    expect(GATEWAY_ROUTES).toContain("streamGenerateContent");
    expect(feedRoute("/api/v1/dailies/latest")?.route).toBe("latestDaily");
    expect(feedRoute("/api/v1/stories/abc")).toEqual({
      route: "storyByPublicId",
      params: { publicId: "abc" },
    });
    expect(matchGatewayRoute("POST", "/v1beta/models/a:b:streamGenerateContent")).toBeUndefined();
    expect(
      matchGatewayRoute("POST", "/v1beta/models/gemini-2.5-pro%3AstreamGenerateContent"),
    ).toEqual({ route: "streamGenerateContent", param: "gemini-2.5-pro" });
    expect(matchGatewayRoute("DELETE", "/v1/responses/resp_1")).toEqual({
      route: "deleteResponse",
      param: "resp_1",
    });
    expect(matchGatewayRoute("POST", "/v1/responses/resp_1/cancel")).toEqual({
      route: "cancelResponse",
      param: "resp_1",
    });
  });
});

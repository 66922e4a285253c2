import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "@feedgate/test-harness";
import { specFetch } from "../spec-fetch.mjs";

let server: Server;
let base: string;
let served: string;

beforeAll(async () => {
  const doc = JSON.parse(await readFile(fromRoot("specs/feed/openapi-v1.json"), "utf8"));
  doc.info.version = "2.1.0";
  doc.components.schemas.Item.properties.language = { type: "string" };
  delete doc.components.schemas.Item.properties.reason;
  served = JSON.stringify(doc);
  server = createServer((req, res) => {
    if (req.url === "/openapi-v1.json") {
      res.writeHead(200, { "content-type": "application/json" }).end(served);
    } else if (req.url === "/broken/openapi-v1.json") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
    } else {
      res.writeHead(503).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("pnpm spec:fetch feed", () => {
  it("downloads, prints a classified diff, and leaves the vendored file alone without --write", async () => {
    const before = await readFile(fromRoot("specs/feed/openapi-v1.json"), "utf8");
    const lines: string[] = [];
    const diff = await specFetch(["feed", base], { log: (l: string) => lines.push(l) });
    expect(diff.breaking).toContain("schema Item: property removed: reason");
    expect(diff.compatible).toContain("schema Item: property added: language");
    const out = lines.join("\n");
    expect(out).toMatch(/info\.version 2\.1\.0; vendored 2\.0\.0/);
    expect(out).toMatch(/BREAKING for clients \(1\)/);
    expect(out).toMatch(/vendored document unchanged/);
    expect(await readFile(fromRoot("specs/feed/openapi-v1.json"), "utf8")).toBe(before);
    expect(JSON.parse(await readFile(fromRoot(".tmp/feed-openapi.fetched.json"), "utf8")).info.version).toBe("2.1.0");
  });

  it("takes the base URL from FEEDGATE_FEED_URL", async () => {
    const diff = await specFetch(["feed"], { env: { FEEDGATE_FEED_URL: base + "/" }, log: () => {} });
    expect(diff.compatible.length).toBeGreaterThan(0);
  });

  it("fails with a clear message when the download fails", async () => {
    await expect(specFetch(["feed", base + "/down"], { log: () => {} })).rejects.toThrow(
      /could not download http:\/\/127\.0\.0\.1:\d+\/down\/openapi-v1\.json: HTTP 503/,
    );
    await expect(specFetch(["feed", base + "/broken"], { log: () => {} })).rejects.toThrow(/did not answer JSON/);
    await expect(specFetch(["feed", "http://127.0.0.1:9"], { log: () => {}, timeoutMs: 2000 })).rejects.toThrow(
      /could not download/,
    );
  });

  it("refuses to run without a base URL", async () => {
    await expect(specFetch(["feed"], { env: {}, log: () => {} })).rejects.toThrow(/FEEDGATE_FEED_URL/);
    await expect(specFetch(["nope"], { env: {}, log: () => {} })).rejects.toThrow(/usage/);
  });
});

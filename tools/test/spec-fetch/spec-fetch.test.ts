import { readFile } from "node:fs/promises";
import { fromRoot, testServers } from "@feedgate/test-harness";
import { beforeAll, describe, expect, it } from "vitest";
import { specFetch } from "../../spec-fetch.mjs";

const servers = testServers();
let base: string;
let served: string;

beforeAll(async () => {
  const doc = JSON.parse(await readFile(fromRoot("specs/feed/openapi-v1.json"), "utf8"));
  doc.info.version = "2.1.0";
  doc.components.schemas.Item.properties.language = { type: "string" };
  delete doc.components.schemas.Item.properties.reason;
  served = JSON.stringify(doc);
  const server = await servers.http((req, res) => {
    if (req.url === "/openapi-v1.json") {
      res.writeHead(200, { "content-type": "application/json" }).end(served);
    } else if (req.url === "/broken/openapi-v1.json") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
    } else {
      res.writeHead(503).end();
    }
  });
  base = server.origin;
});

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
    expect(
      JSON.parse(await readFile(fromRoot(".tmp/feed-openapi.fetched.json"), "utf8")).info.version,
    ).toBe("2.1.0");
  });

  it("takes the base URL from FEEDGATE_FEED_URL", async () => {
    const diff = await specFetch(["feed"], {
      env: { FEEDGATE_FEED_URL: `${base}/` },
      log: () => {},
    });
    expect(diff.compatible.length).toBeGreaterThan(0);
  });

  it("fails with a clear message when the download fails", async () => {
    await expect(specFetch(["feed", `${base}/down`], { log: () => {} })).rejects.toThrow(
      /could not download http:\/\/127\.0\.0\.1:\d+\/down\/openapi-v1\.json: HTTP 503/,
    );
    await expect(specFetch(["feed", `${base}/broken`], { log: () => {} })).rejects.toThrow(
      /did not answer JSON/,
    );
    await expect(
      specFetch(["feed", "http://127.0.0.1:9"], { log: () => {}, timeoutMs: 2000 }),
    ).rejects.toThrow(/could not download/);
  });

  it("refuses to run without a base URL", async () => {
    await expect(specFetch(["feed"], { env: {}, log: () => {} })).rejects.toThrow(
      /FEEDGATE_FEED_URL/,
    );
    await expect(specFetch(["nope"], { env: {}, log: () => {} })).rejects.toThrow(/usage/);
  });
});

describe("spec:fetch treats the upstream document as hostile", () => {
  let origin: string;
  let otherOrigin: string;
  beforeAll(async () => {
    const doc = JSON.parse(served);
    const withRefs = (ref: string) =>
      JSON.stringify({
        ...doc,
        components: {
          ...doc.components,
          schemas: { ...doc.components.schemas, Evil: { $ref: ref } },
        },
      });
    const escapes = JSON.stringify({
      ...doc,
      info: { ...doc.info, version: "2.1.0\x1b[2J\x1b]52;c;cm0=\x07" },
      paths: { ...doc.paths, "/api/v1/\x1b[8mhidden": { get: { responses: { "200": {} } } } },
    });
    // The same host under another name: a different origin.
    const other = await servers.http(
      (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(served),
      { originHost: "localhost" },
    );
    otherOrigin = other.origin;
    const hostile = await servers.http((req, res) => {
      const route = (req.url ?? "").split("/")[1];
      if (route === "endless") {
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          // Bounded: stops at 64 MiB whatever the client does.
          while (sent < 64) {
            sent++;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.write("{");
        pump();
      } else if (route === "away")
        res.writeHead(302, { location: `${otherOrigin}/openapi-v1.json` }).end();
      else if (route === "local-ref")
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(withRefs("../../../../etc/passwd"));
      else if (route === "abs-ref")
        res.writeHead(200, { "content-type": "application/json" }).end(withRefs("/etc/passwd#/x"));
      else if (route === "http-ref")
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(withRefs(`${otherOrigin}/bomb.yaml`));
      else if (route === "escapes")
        res.writeHead(200, { "content-type": "application/json" }).end(escapes);
      else res.writeHead(404).end();
    });
    origin = hostile.origin;
  });

  it("an endless document stops at the size cap", async () => {
    await expect(specFetch(["feed", `${origin}/endless`], { log: () => {} })).rejects.toThrow(
      /over 16777216 bytes/,
    );
  });

  it("a redirect to another origin is refused", async () => {
    await expect(specFetch(["feed", `${origin}/away`], { log: () => {} })).rejects.toThrow(
      /redirected to another origin .*refused/,
    );
  });

  for (const route of ["local-ref", "abs-ref", "http-ref"]) {
    it(`a $ref outside the document (${route}) is refused before anything is written`, async () => {
      const before = await readFile(fromRoot("specs/feed/openapi-v1.json"), "utf8");
      await expect(
        specFetch(["feed", `${origin}/${route}`, "--write"], { log: () => {} }),
      ).rejects.toThrow(/\$refs outside the document/);
      expect(await readFile(fromRoot("specs/feed/openapi-v1.json"), "utf8")).toBe(before);
    });
  }

  it("escape sequences in info.version or a path never reach the terminal", async () => {
    const lines: string[] = [];
    await specFetch(["feed", `${origin}/escapes`], { log: (l: string) => lines.push(l) });
    const out = lines.join("\n");
    expect(out).toContain("2.1.0");
    expect(out).toContain("hidden");
    expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });
});

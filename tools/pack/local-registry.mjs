// A read-only npm registry on 127.0.0.1 that serves a fixed set of tarballs, so `npm install`
// in a scratch consumer project resolves exactly like a user's install, with nothing fetched
// from the network. It answers the two requests npm makes: the packument (GET /<name>) and the
// tarball; any other name is a 404, so a dependency the tarballs do not bring fails loudly.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { basename } from "node:path";

/** The package.json inside a tarball (the published one, with workspace: ranges rewritten). */
export function manifestOf(tarball) {
  return JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
}

/**
 * @param {string[]} tarballs  paths of .tgz files
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startLocalRegistry(tarballs) {
  const packuments = new Map(); // name -> packument
  const files = new Map(); // "/-/<file>" -> path
  for (const tarball of tarballs) {
    const manifest = manifestOf(tarball);
    const bytes = readFileSync(tarball);
    const route = `/-/${basename(tarball)}`;
    files.set(route, tarball);
    const packument = packuments.get(manifest.name) ?? { name: manifest.name, "dist-tags": {}, versions: {} };
    packument.versions[manifest.version] = {
      ...manifest,
      dist: {
        tarball: route, // made absolute per request below, once the port is known
        integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
        shasum: createHash("sha1").update(bytes).digest("hex"),
      },
    };
    packument["dist-tags"].latest = manifest.version;
    packuments.set(manifest.name, packument);
  }

  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://registry").pathname);
    const origin = `http://${req.headers.host}`;
    if (req.method === "GET" && files.has(path)) {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(readFileSync(files.get(path)));
      return;
    }
    const packument = req.method === "GET" ? packuments.get(path.slice(1)) : undefined;
    if (packument === undefined) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: `not served by the local registry: ${path}` }));
      return;
    }
    const versions = Object.fromEntries(
      Object.entries(packument.versions).map(([v, m]) => [v, { ...m, dist: { ...m.dist, tarball: origin + m.dist.tarball } }]),
    );
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ...packument, versions }));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

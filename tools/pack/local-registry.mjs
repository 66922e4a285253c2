// An npm registry on 127.0.0.1 that serves a fixed set of tarballs, so `npm install` in a
// scratch consumer project resolves exactly like a user's install, with nothing fetched from
// the network. It answers the two requests npm makes: the packument (GET /<name>) and the
// tarball; any other name is a 404, so a dependency the tarballs do not bring fails loudly.
// With `publish`, it also takes `npm publish` / `pnpm publish` (PUT /<name>) into a storage
// folder, as a real registry would (no overwrite of a published version), and has no uplink.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { basename, join } from "node:path";

/**
 * The flags of an `npm install` from this registry only: a private cache, and nothing run
 * (install scripts), audited, funded or update-checked.
 * @param {string} registryUrl
 * @param {string} cacheDir
 */
export const localInstallFlags = (registryUrl, cacheDir) => [
  `--registry=${registryUrl}`,
  `--cache=${cacheDir}`,
  "--no-audit",
  "--no-fund",
  "--no-update-notifier",
  "--ignore-scripts",
];

/** The package.json inside a tarball (the published one, with workspace: ranges rewritten). */
export function manifestOf(tarball) {
  return JSON.parse(
    execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
  );
}

const sha = (algorithm, bytes, encoding) => createHash(algorithm).update(bytes).digest(encoding);

/**
 * @param {string[]} tarballs  paths of .tgz files
 * @param {{ publish?: { storage: string } }} [options]  accept publishes, their tarballs kept in `storage`
 * @returns {Promise<{ url: string, published: { name: string, version: string, tag: string }[], requests: string[], close: () => Promise<void> }>}
 */
export async function startLocalRegistry(tarballs, options = {}) {
  const packuments = new Map(); // name -> packument
  const files = new Map(); // "/-/<file>" -> path
  const published = [];
  const requests = [];

  function add(manifest, file, bytes, tag = "latest") {
    const route = `/-/${basename(file)}`;
    files.set(route, file);
    const packument = packuments.get(manifest.name) ?? {
      name: manifest.name,
      "dist-tags": {},
      versions: {},
    };
    packument.versions[manifest.version] = {
      ...manifest,
      dist: {
        tarball: route, // made absolute per request below, once the port is known
        integrity: `sha512-${sha("sha512", bytes, "base64")}`,
        shasum: sha("sha1", bytes, "hex"),
      },
    };
    packument["dist-tags"][tag] = manifest.version;
    packuments.set(manifest.name, packument);
  }
  for (const tarball of tarballs) add(manifestOf(tarball), tarball, readFileSync(tarball));

  /** PUT /<name>: the npm publish document (one version, its tarball as a base64 attachment). */
  function publish(name, body) {
    const doc = JSON.parse(body);
    const [version, manifest] = Object.entries(doc.versions ?? {})[0] ?? [];
    const [attachment] = Object.values(doc._attachments ?? {});
    if (doc.name !== name || !manifest || !attachment?.data)
      return [400, { error: "not a publish document" }];
    if (packuments.get(name)?.versions[version])
      return [403, { error: `cannot publish over ${name}@${version}` }];
    const bytes = Buffer.from(attachment.data, "base64");
    const file = join(options.publish.storage, `${name.replace("/", "+")}-${version}.tgz`);
    writeFileSync(file, bytes);
    const tag = Object.keys(doc["dist-tags"] ?? { latest: version })[0] ?? "latest";
    add({ ...manifest, dist: undefined }, file, bytes, tag);
    published.push({ name, version, tag });
    return [201, { ok: true, id: name }];
  }

  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://registry").pathname);
    const origin = `http://${req.headers.host}`;
    const reply = (status, json) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
    requests.push(`${req.method} ${path}`);
    if (req.method === "PUT" && options.publish) {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => reply(...publish(path.slice(1), Buffer.concat(chunks).toString("utf8"))));
      return;
    }
    if (req.method === "GET" && files.has(path)) {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(readFileSync(files.get(path)));
      return;
    }
    const packument = req.method === "GET" ? packuments.get(path.slice(1)) : undefined;
    if (packument === undefined) {
      reply(404, { error: `not served by the local registry: ${path}` });
      return;
    }
    const versions = Object.fromEntries(
      Object.entries(packument.versions).map(([v, m]) => [
        v,
        { ...m, dist: { ...m.dist, tarball: origin + m.dist.tarball } },
      ]),
    );
    reply(200, { ...packument, versions });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    published,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

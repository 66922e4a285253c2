// A scratch consumer project outside the workspace (under the OS temp dir) that installs the
// packed packages with plain `npm install`, as a user would, from the local registry.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { localInstallFlags, startLocalRegistry } from "./local-registry.mjs";

/**
 * @param {{ name: string, version: string, file: string }[]} packed  the publishable tarballs
 * @param {string[]} dependencyTarballs  their third-party dependencies (and dev tools)
 * @param {Record<string, string>} devDependencies  name -> exact version, also served from dependencyTarballs
 * @returns {Promise<string>} the consumer folder, with node_modules installed
 */
export async function installConsumer(packed, dependencyTarballs, devDependencies) {
  const dir = mkdtempSync(join(tmpdir(), "feedgate-consumer-"));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify(
      {
        name: "feedgate-consumer",
        private: true,
        type: "module",
        dependencies: Object.fromEntries(packed.map((p) => [p.name, p.version])),
        devDependencies,
      },
      null,
      2,
    ),
  );
  const registry = await startLocalRegistry([...packed.map((p) => p.file), ...dependencyTarballs]);
  try {
    mkdirSync(join(dir, ".npm-cache"));
    // Every source is named: the local registry for all scopes, a private empty cache.
    // Asynchronous on purpose: the registry answers from this process's event loop.
    await promisify(execFile)(
      "npm",
      ["install", ...localInstallFlags(registry.url, join(dir, ".npm-cache")), "--loglevel=error"],
      { cwd: dir, env: { ...process.env, npm_config_registry: registry.url }, timeout: 120_000 },
    );
  } finally {
    await registry.close();
  }
  return dir;
}

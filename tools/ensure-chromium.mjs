#!/usr/bin/env node
// Makes sure Debian's Chromium is installed, for the docs render test and the runtime
// matrix (driven by playwright-core, which never downloads a browser of its own here).
// As root with apt-get it installs the `chromium` package when missing; otherwise it says
// exactly what is missing and how to install it. Run alone: `node tools/ensure-chromium.mjs`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags for a headless Chromium on a machine without a network or a display. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function apt(args) {
  const result = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=300", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0
    ? ""
    : `apt-get ${args.join(" ")} failed: ${result.stderr?.trim() ?? result.error?.message}`;
}

/**
 * @returns {string} the path of the Chromium executable
 * @throws {Error} with the reason when Chromium is missing and cannot be installed here
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const canInstall =
    process.getuid?.() === 0 &&
    spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (!canInstall) {
    throw new Error(
      `Chromium is not installed (${CHROMIUM_PATH}) and this user cannot install it: run \`sudo apt-get install -y chromium\``,
    );
  }
  console.error("installing Debian's chromium package (once per machine)...");
  const install = ["install", "-y", "--no-install-recommends", "chromium"];
  let failure = apt(install);
  // A fresh machine may have no package lists yet: fetch them once, then try again.
  if (failure) failure = apt(["update"]) || apt(install);
  if (failure || !existsSync(CHROMIUM_PATH))
    throw new Error(`could not install Chromium: ${failure || `${CHROMIUM_PATH} still missing`}`);
  return CHROMIUM_PATH;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, serverAccount } from "@feedgate/test-harness";
import postgres from "postgres";

/** Debian's PgBouncer. */
export const PGBOUNCER_PATH = "/usr/sbin/pgbouncer";

function apt(args: string[]): string {
  const result = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=300", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0
    ? ""
    : `apt-get ${args.join(" ")} failed: ${result.stderr?.trim() || result.error?.message}`;
}

/**
 * Makes sure Debian's `pgbouncer` package is installed, as tools/ensure-chromium.mjs does for
 * Chromium: as root with apt-get it installs it when missing (a fresh CI machine); otherwise it
 * throws, saying what is missing and how to install it. Never a silent skip.
 */
export function ensurePgbouncer(): string {
  if (existsSync(PGBOUNCER_PATH)) return PGBOUNCER_PATH;
  const canInstall =
    process.getuid?.() === 0 &&
    spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (!canInstall)
    throw new Error(
      `PgBouncer is not installed (${PGBOUNCER_PATH}) and this user cannot install it: run \`sudo apt-get install -y pgbouncer\``,
    );
  const install = ["install", "-y", "--no-install-recommends", "pgbouncer"];
  let failure = apt(install);
  // A fresh machine may have no package lists yet: fetch them once, then try again.
  if (failure) failure = apt(["update"]) || apt(install);
  if (failure || !existsSync(PGBOUNCER_PATH))
    throw new Error(`could not install PgBouncer: ${failure || `${PGBOUNCER_PATH} still missing`}`);
  // The package starts a system-wide instance: this test runs its own, so that one is not needed.
  spawnSync("service", ["pgbouncer", "stop"], { stdio: "ignore" });
  return PGBOUNCER_PATH;
}

export interface RunningPgbouncer {
  /** `postgres://postgres:…@127.0.0.1:<port>/postgres`, through PgBouncer in transaction mode. */
  url: string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of the server at `serverUrl`, on 127.0.0.1 and a free
 * port, with a small pool (so that transactions of different clients share server connections,
 * as under load). Ready when it answers a query.
 */
export async function startPgbouncer(serverUrl: string, poolSize = 6): Promise<RunningPgbouncer> {
  const bin = ensurePgbouncer();
  const server = new URL(serverUrl);
  const password = decodeURIComponent(server.password);
  const dir = await mkdtemp(join(tmpdir(), "feedgate-pgbouncer-"));
  // As root, PgBouncer runs as the `postgres` user (it refuses root), who must read its files:
  // the folder and the files (the password is in them) become that user's, 0700 and 0600.
  const owner = serverAccount();
  const port = await freePort();
  await writeFile(join(dir, "userlist.txt"), `"postgres" "${password}"\n`, { mode: 0o600 });
  await writeFile(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `postgres = host=${server.hostname} port=${server.port} dbname=postgres user=postgres password=${password}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = md5",
      `auth_file = ${join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 200",
      `logfile = ${join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  if (owner)
    for (const path of [dir, join(dir, "userlist.txt"), join(dir, "pgbouncer.ini")])
      await chown(path, owner.uid, owner.gid);
  const args = [
    ...(process.getuid?.() === 0 ? ["-u", "postgres"] : []),
    join(dir, "pgbouncer.ini"),
  ];
  const child: ChildProcess = spawn(bin, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    child.kill("SIGINT");
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  // Ready when a query goes through: bounded, each try waits for the answer (no fixed sleep).
  const deadline = Date.now() + 15_000;
  for (;;) {
    const probe = postgres(url, { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 2 });
    try {
      await probe`select 1`;
      await probe.end();
      return { url, stop };
    } catch (error) {
      await probe.end({ timeout: 0 }).catch(() => {});
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop().catch(() => {});
        throw new Error(`PgBouncer did not start: ${stderr.trim() || (error as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

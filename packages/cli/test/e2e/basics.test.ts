import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runBin, runCli } from "./helpers.js";

const COMMANDS = [
  "hot",
  "items",
  "story",
  "daily",
  "dailies",
  "resets",
  "mirror",
  "image",
  "respond",
  "tokens",
  "mcp",
  "mock",
  "demo",
];
const version = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

describe.concurrent("feedgate basics", () => {
  it("--version prints the package version and exits 0", async () => {
    const result = await runCli(["--version"]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it("the package's bin launcher runs the built CLI", () => {
    const launcher = fileURLToPath(new URL("../../bin/feedgate.js", import.meta.url));
    const result = spawnSync(process.execPath, [launcher, "--version"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it("the binary's exit status is main()'s code: 2 for a usage error, 1 for a runtime failure", async () => {
    // The process itself (bin.ts): the other tests run main() in this process.
    const usage = await runBin(["hott"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^feedgate: error: unknown command 'hott'/m);
    const failure = await runBin(["hot"], { FEEDGATE_FEED_URL: "http://127.0.0.1:9" }, 30_000);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/^feedgate: error: /m);
  });

  it("--help lists every command, the configuration and the exit codes", async () => {
    const result = await runCli(["--help"]);
    expect(result.code).toBe(0);
    for (const command of COMMANDS)
      expect(result.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    expect(result.stdout).toContain("FEEDGATE_FEED_URL");
    expect(result.stdout).toContain("https://aihot.virxact.com");
    expect(result.stdout).toContain("130 interrupted");
  });

  it.each(COMMANDS)("%s --help shows usage and examples", async (command) => {
    const result = await runCli([command, "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: feedgate ${command}`);
    expect(result.stdout).toMatch(/Examples:\n {2}\$ feedgate /);
    // Global options are documented on every command.
    expect(result.stdout).toContain("--feed-url");
  });

  it("bare feedgate prints the help on stdout and exits 0 (as gh does)", async () => {
    const result = await runCli([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: feedgate");
    expect(result.stdout).toContain(
      "Exit codes: 0 success, 1 runtime failure, 2 usage error, 130 interrupted",
    );
    expect(result.stderr).toBe("");
  });

  it("feedgate version and --version print the version", async () => {
    const { version } = JSON.parse(
      await import("node:fs").then((fs) =>
        fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
      ),
    ) as { version: string };
    for (const args of [["version"], ["--version"]]) {
      const result = await runCli(args);
      expect(result.code).toBe(0);
      expect(result.stdout.trim()).toBe(version);
    }
  });

  it("completion scripts for bash, zsh and fish name every command; another shell is a usage error", async () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const result = await runCli(["completion", shell]);
      expect(result.code).toBe(0);
      for (const command of COMMANDS.filter((c) => c !== "dailies"))
        expect(result.stdout).toContain(command);
      expect(result.stdout).toContain("page-size");
    }
    expect((await runCli(["completion", "tcsh"])).code).toBe(2);
  });

  it("the bash completion completes commands, subcommands, their flags and the values of flags with choices", async () => {
    const script = (await runCli(["completion", "bash"])).stdout;
    // What bash offers after the words typed (the last word is the one being completed).
    const complete = (words: string[]) => {
      const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _feedgate; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const result = spawnSync("bash", ["--norc", "--noprofile", "-c", program], {
        encoding: "utf8",
      });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout
        .split("\n")
        .filter((line) => line !== "")
        .sort();
    };
    expect(complete(["feedgate", "it"])).toEqual(["items"]);
    expect(complete(["feedgate", "items", "--mode", ""])).toEqual(["all", "selected"]);
    expect(complete(["feedgate", "items", "--window", ""])).toEqual(["24h", "7d"]);
    expect(complete(["feedgate", "items", "--by", ""])).toEqual(["published", "timeline"]);
    expect(complete(["feedgate", "tokens", "--protocol", "m"])).toEqual(["messages"]);
    expect(complete(["feedgate", "mirror", ""])).toEqual(
      expect.arrayContaining(["ls", "show", "export"]),
    );
    expect(complete(["feedgate", "mirror", "ls", "--cat"])).toEqual(["--category"]);
    expect(complete(["feedgate", "mock", "g"])).toEqual(["gateway"]);
    expect(complete(["feedgate", "completion", "f"])).toEqual(["fish"]);
    const fish = (await runCli(["completion", "fish"])).stdout;
    expect(fish).toContain("-l mode -xa 'selected all'");
    expect(fish).toContain("-n '__fish_seen_subcommand_from mirror' -a 'ls show export");
  });

  it("mirror ls --help lists its own options, before the global ones", async () => {
    const result = await runCli(["mirror", "ls", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: feedgate mirror ls \[options\] \[dir\]/);
    const own = result.stdout.split(/^Options:$/m)[1]?.split(/^Global Options:$/m)[0] ?? "";
    for (const flag of [
      "--category <key>",
      "--since <time>",
      "--q <text>",
      "--store <url>",
      "--store-file <path>",
      "--json",
      "--ndjson",
      "--help",
    ])
      expect(own).toContain(flag);
    // Its global options are the program's only: the parent mirror's do not apply to ls.
    const global = result.stdout.split(/^Global Options:$/m)[1] ?? "";
    expect(global).toContain("--feed-url <url>");
    for (const parentOnly of ["--follow", "--fields", "--interval"])
      expect(result.stdout).not.toContain(parentOnly);
  });

  it("an unknown command or option is a one-line usage error (exit 2)", async () => {
    const unknown = await runCli(["hott"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^feedgate: error: unknown command 'hott'/m);
    const option = await runCli(["hot", "--bogus"]);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^feedgate: error: unknown option '--bogus'/m);
    expect(option.stdout).toBe("");
  });
});

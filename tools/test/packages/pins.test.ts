// CONTRIBUTING's table of pins says which version of each tool and dependency the workspace
// uses and why: every version it names must be the one the package.json files pin, everywhere.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";

const read = (file: string) => readFileSync(join(root, file), "utf8");

/** Every version each dependency is pinned to, over every package.json of the workspace. */
function pinned(): Map<string, Set<string>> {
  const pins = new Map<string, Set<string>>();
  const files = execFileSync("git", ["ls-files", "package.json", "*/package.json"], {
    cwd: root,
    encoding: "utf8",
  });
  for (const file of files.split("\n").filter(Boolean)) {
    const json = JSON.parse(read(file));
    const [manager, version] = String(json.packageManager ?? "").split("@");
    if (manager && version) pins.set(manager, new Set([version]));
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"])
      for (const [name, range] of Object.entries<string>(json[field] ?? {}))
        if (!range.startsWith("workspace:"))
          pins.set(name, (pins.get(name) ?? new Set()).add(range));
  }
  return pins;
}

/** The table's rows: each name of a row (`a / b`) with the version in the same place of the next cell. */
function documented(): [name: string, version: string][] {
  const table = read("CONTRIBUTING.md").split("| Pin | Version |")[1]!.split("\n\n")[0]!;
  return table
    .split("\n")
    .slice(2)
    .flatMap((row) => {
      const [, names = "", versions = ""] = row.split("|").map((cell) => cell.trim());
      const versionsOf = versions.split(" / ");
      return names
        .replace(/\(.*?\)/g, "")
        .replaceAll("`", "")
        .split(" / ")
        .map((name, i): [string, string] => [name.trim(), versionsOf[i] ?? versionsOf[0]!]);
    });
}

it("CONTRIBUTING names the version every package.json pins, and only exact pins", () => {
  const pins = pinned();
  const rows = documented();
  expect(rows.length).toBeGreaterThan(15);
  const wrong = rows
    .filter(([name, version]) => {
      const declared = [...(pins.get(name) ?? [])];
      return declared.length === 0 || declared.some((pin) => pin !== version);
    })
    .map(([name, version]) => `${name} ${version}: pinned ${[...(pins.get(name) ?? ["nowhere"])]}`);
  expect(wrong).toEqual([]);
});

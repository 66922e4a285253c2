import { expect, it } from "vitest";
import { bodyOf } from "../../src/internal/commands/bodies.js";
import { COMMANDS } from "../../src/internal/commands/index.js";
import type { CommandSpec } from "../../src/internal/commands/spec.js";

/** Every declared command's path (`mirror ls` after `mirror`), subcommands included. */
const paths = (specs: Readonly<Record<string, CommandSpec>>, parent = ""): string[] =>
  Object.entries(specs).flatMap(([name, spec]) => [
    `${parent}${name}`,
    ...paths(spec.subcommands ?? {}, `${parent}${name} `),
  ]);

it.each(paths(COMMANDS))("%s runs a body or acts on the program itself", async (path) => {
  const spec = path
    .split(" ")
    .reduce<CommandSpec | undefined>(
      (found, word) =>
        found ? found.subcommands?.[word] : (COMMANDS as Record<string, CommandSpec>)[word],
      undefined,
    );
  const load = bodyOf(path);
  if (spec?.action) expect(load).toBeUndefined();
  else expect(typeof (await load?.())).toBe("function");
});

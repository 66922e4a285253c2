import type { Command, Option } from "commander";

/** Shells `feedgate completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

/** An option's long flag, its help, and the values it takes when it declares a fixed set. */
const flagsOf = (options: readonly Option[]) =>
  options
    .filter((o) => o.long)
    .map((o) => ({ long: o.long!, description: o.description, choices: o.argChoices }));
type Flag = ReturnType<typeof flagsOf>[number];

/**
 * One command or subcommand: its path (`items`, `mirror ls`), its flags, its subcommands' names
 * and the values its first argument takes when it declares a fixed set (`mock feed|gateway|all`).
 */
const specOf = (command: Command, path: string) => ({
  path,
  description: command.description(),
  flags: [
    ...flagsOf(command.options),
    { long: "--help", description: "show help", choices: undefined },
  ],
  subcommands: command.commands.map((c) => c.name()),
  argumentChoices: command.registeredArguments[0]?.argChoices ?? [],
});
type Spec = ReturnType<typeof specOf>;

/** A command's spec and its subcommands' specs, read from the program itself so the script never drifts from it. */
function specsOf(command: Command, parent: string): Spec[] {
  const path = parent ? `${parent} ${command.name()}` : command.name();
  return [specOf(command, path), ...command.commands.flatMap((c) => specsOf(c, path))];
}

const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** A completion script for `shell`: commands, subcommands, the flags of the command typed, and the values of a flag with fixed choices. */
export function completionScript(program: Command, shell: Shell): string {
  const specs = program.commands.flatMap((c) => specsOf(c, ""));
  const top = specs.filter((s) => !s.path.includes(" "));
  const global = flagsOf(program.options);
  return shell === "fish" ? fishScript(top, specs, global) : bashScript(top, specs, global, shell);
}

function fishScript(top: Spec[], specs: Spec[], global: Flag[]): string {
  const lines = [`complete -c feedgate -f`];
  for (const c of top)
    lines.push(
      `complete -c feedgate -n __fish_use_subcommand -a ${c.path} -d ${quote(c.description)}`,
    );
  const flag = (condition: string, f: Flag) =>
    `complete -c feedgate${condition} -l ${f.long.slice(2)}${f.choices ? ` -xa ${quote(f.choices.join(" "))}` : ""} -d ${quote(f.description)}`;
  for (const c of specs) {
    // `mirror ls` is seen when both words are.
    const seen = c.path
      .split(" ")
      .map((word) => `__fish_seen_subcommand_from ${word}`)
      .join("; and ");
    const condition = ` -n ${quote(seen)}`;
    for (const f of c.flags) lines.push(flag(condition, f));
    const words = [...c.subcommands, ...c.argumentChoices];
    if (words.length > 0)
      lines.push(`complete -c feedgate${condition} -a ${quote(words.join(" "))}`);
  }
  for (const f of global) lines.push(flag("", f));
  return `${lines.join("\n")}\n`;
}

function bashScript(top: Spec[], specs: Spec[], global: Flag[], shell: Shell): string {
  const nested = specs.filter((s) => s.path.includes(" ")).map((s) => quote(s.path));
  const values = [
    ...specs.flatMap((s) =>
      s.flags.filter((f) => f.choices).map((f) => [`${s.path} ${f.long}`, f.choices!] as const),
    ),
    ...global.filter((f) => f.choices).map((f) => [`* ${f.long}`, f.choices!] as const),
  ].map(
    ([key, choices]) =>
      `    ${key.startsWith("* ") ? `*${quote(key.slice(1))}` : quote(key)}) COMPREPLY=( $(compgen -W ${quote(choices.join(" "))} -- "$cur") ); return ;;`,
  );
  const cases = specs
    .map(
      (s) =>
        `    ${quote(s.path)}) opts=${quote([...s.subcommands, ...s.argumentChoices, ...s.flags.map((f) => f.long)].join(" "))} ;;`,
    )
    .join("\n");
  const body = `_feedgate() {
  local cur prev key opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  key="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W ${quote(`${top.map((c) => c.path).join(" ")} --help --version`)} -- "$cur") )
    return
  fi
  # A subcommand typed (mirror ls): complete its own flags.
  if [ "$COMP_CWORD" -gt 2 ]; then
    case "$key \${COMP_WORDS[2]}" in
      ${nested.length > 0 ? nested.join("|") : "''"}) key="$key \${COMP_WORDS[2]}" ;;
    esac
  fi
  # The value of a flag with fixed choices (--mode, --window, --by, --protocol, ...).
  case "$key $prev" in
${values.join("\n")}
  esac
  case "$key" in
${cases}
    *) opts="" ;;
  esac
  COMPREPLY=( $(compgen -W "$opts ${global.map((f) => f.long).join(" ")}" -- "$cur") )
}
complete -o default -F _feedgate feedgate
`;
  // zsh runs the bash function through bashcompinit.
  return shell === "zsh"
    ? `#compdef feedgate\nautoload -U +X bashcompinit && bashcompinit\n${body}`
    : body;
}

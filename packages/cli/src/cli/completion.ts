import type { Command, Option } from "commander";

/** Shells `feedgate completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

interface Spec {
  name: string;
  description: string;
  flags: Array<{ long: string; description: string }>;
}

/** Commands and their long flags, read from the program itself so the script never drifts from it. */
function specOf(program: Command): { commands: Spec[]; global: Spec["flags"] } {
  const flags = (options: readonly Option[]) => options.filter((o) => o.long).map((o) => ({ long: o.long!, description: o.description }));
  return {
    commands: program.commands.map((c) => ({ name: c.name(), description: c.description(), flags: [...flags(c.options), { long: "--help", description: "show help" }] })),
    global: flags(program.options),
  };
}

const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** A completion script for `shell`: commands first, then the flags of the command typed. */
export function completionScript(program: Command, shell: Shell): string {
  const { commands, global } = specOf(program);
  const names = commands.map((c) => c.name).join(" ");
  if (shell === "fish") {
    const lines = [`complete -c feedgate -f`];
    for (const c of commands) lines.push(`complete -c feedgate -n __fish_use_subcommand -a ${c.name} -d ${quote(c.description)}`);
    for (const c of commands) {
      for (const f of c.flags) lines.push(`complete -c feedgate -n '__fish_seen_subcommand_from ${c.name}' -l ${f.long.slice(2)} -d ${quote(f.description)}`);
    }
    for (const f of global) lines.push(`complete -c feedgate -l ${f.long.slice(2)} -d ${quote(f.description)}`);
    return lines.join("\n") + "\n";
  }
  const cases = commands.map((c) => `    ${c.name}) opts=${quote(c.flags.map((f) => f.long).join(" "))} ;;`).join("\n");
  const globals = global.map((f) => f.long).join(" ");
  const body = `_feedgate() {
  local cur cmd opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  cmd="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W ${quote(`${names} --help --version`)} -- "$cur") )
    return
  fi
  case "$cmd" in
${cases}
    *) opts="" ;;
  esac
  COMPREPLY=( $(compgen -W "$opts ${globals}" -- "$cur") )
}
complete -o default -F _feedgate feedgate
`;
  // zsh runs the bash function through bashcompinit.
  return shell === "zsh" ? `#compdef feedgate\nautoload -U +X bashcompinit && bashcompinit\n${body}` : body;
}

import {
  redact as redactSecretForms,
  secretForms,
  stripTerminalControls,
} from "@feedgate/core/terminal";
import { EXIT } from "./cli/exit-codes.js";
import { installInterrupt, type SignalSource } from "./cli/interrupt.js";
import type { Streams } from "./cli/output.js";
import { quickInvocation } from "./cli/quick.js";
import { createRunner, type RunState } from "./cli/runner.js";
import { secretsIn } from "./cli/secrets.js";

/** The real process's streams and environment. */
export function processStreams(): Streams {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/**
 * Runs the CLI once and resolves with its exit code (never calls `process.exit` itself).
 * `argv` is the full `process.argv` (node, script, then the arguments).
 */
export async function main(
  argv: readonly string[],
  streams: Streams = processStreams(),
  signals?: SignalSource,
): Promise<number> {
  const secrets = secretsIn(argv, streams.env);
  const forms = secrets.flatMap(secretForms);
  const redact = (text: string) => redactSecretForms(text, forms);
  const state: RunState = { exitCode: EXIT.ok };
  const interrupt = installInterrupt(signals);
  try {
    const runner = createRunner(streams, secrets, interrupt, state);
    // `feedgate hot`, `story`, `daily`, `dailies`, `resets`: run at once, without loading commander and every command's definition.
    const quick = quickInvocation(argv.slice(2));
    if (quick) {
      await runner.run(quick.name, quick.options, quick.body, quick.positional);
      return state.exitCode;
    }
    const [{ buildProgram }, { CommanderError }] = await Promise.all([
      import("./program.js"),
      import("commander"),
    ]);
    const program = buildProgram(streams, runner, redact);
    // Bare `feedgate`: the help, as a successful answer (gh does the same).
    if (argv.length <= 2) {
      program.outputHelp();
      return EXIT.ok;
    }
    try {
      await program.parseAsync([...argv]);
    } catch (error) {
      // --help and --version end here with exit code 0; every parse error is a usage error.
      if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      throw error;
    }
    return state.exitCode;
  } catch (error) {
    streams.stderr.write(
      `${stripTerminalControls(redact(`feedgate: error: ${error instanceof Error ? error.message : String(error)}`))}\n`,
    );
    return EXIT.failure;
  } finally {
    interrupt.dispose();
  }
}

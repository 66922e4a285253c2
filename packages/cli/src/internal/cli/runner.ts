import type { Command } from "commander";
import type { GlobalOptions } from "./config.js";
import { EXIT } from "./exit-codes.js";
import type { InterruptHandle } from "./interrupt.js";
import { type InStream, Output, type Streams } from "./output.js";
import { useEnvironmentProxy } from "./proxy.js";
import { excerpt } from "./terminal-safe.js";

/** What every command gets: its output, the Ctrl-C signal and the global options. */
export interface CommandContext {
  out: Output;
  /** Fires on Ctrl-C; pass it to every request and wait. */
  signal: AbortSignal;
  globals: GlobalOptions;
  env: Record<string, string | undefined>;
  /** Standard input (a `-` argument); undefined: the process's own. */
  stdin?: InStream | undefined;
}
/** A command body, as a runner runs it: its context, its options (the globals too), its arguments. */
export type Body<O extends object = object> = (
  ctx: CommandContext,
  options: O,
  ...positional: string[]
) => Promise<void>;

/** Shared by every command's registration: how its action is run and reported. */
export interface Runner {
  streams: Streams;
  /** The commander action of the command at `path` (`mirror ls`): {@link Runner.run} of its body. */
  action(path: string, load: () => Promise<Body>): (...args: unknown[]) => Promise<void>;
  /**
   * Loads a command's body and runs it with options already parsed (the globals too): builds the
   * context (output, Ctrl-C signal), and turns any failure into one error line, a hint and an
   * exit code. `name` is the command as its hints name it (`hot`, `mirror ls`).
   */
  run(
    name: string,
    options: GlobalOptions,
    load: () => Promise<Body>,
    positional?: readonly string[],
  ): Promise<void>;
}

/** Mutable result of a run: the exit code the action chose. */
export type RunState = { exitCode: number };

export function createRunner(
  streams: Streams,
  secrets: readonly string[],
  interrupt: InterruptHandle,
  state: RunState,
): Runner {
  const runner: Runner = {
    streams,
    action:
      (path, load) =>
      (...args: unknown[]) => {
        const command = args[args.length - 1] as Command;
        // A variadic argument is one space-joined value; an optional one left out is none.
        const positional = args
          .slice(0, -2)
          .filter((a) => a !== undefined)
          .map((a) => (Array.isArray(a) ? a.join(" ") : String(a)));
        return runner.run(path, command.optsWithGlobals(), load, positional);
      },
    async run(name, options, load, positional = []) {
      const out = new Output(streams, {
        json: (options as { json?: boolean }).json === true,
        verbose: options.verbose === true,
        ...(options.color === false ? { color: false } : {}),
      });
      for (const secret of secrets) out.addSecret(secret);
      if (options.apiKey) out.addSecret(options.apiKey);
      const ctx: CommandContext = {
        out,
        signal: interrupt.signal,
        globals: options,
        env: streams.env,
        stdin: streams.stdin,
      };
      try {
        // HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as curl, npm and gh honour them; loads undici only when set.
        await useEnvironmentProxy(streams.env);
        await (await load())(ctx, options, ...positional);
        state.exitCode = interrupt.interrupted ? EXIT.interrupted : EXIT.ok;
      } catch (error) {
        // Loaded on failure only: it knows every package's errors, and start-up should not pay for them.
        const { describeFailure } = await import("./describe-failure.js");
        const report = describeFailure(error, {
          interrupted: interrupt.interrupted,
          command: name,
        });
        const c = out.errColor;
        state.exitCode = report.exitCode;
        if (report.exitCode !== EXIT.interrupted) {
          // Failure text quotes the server (details, messages): redacted, then cleaned and cut.
          const safe = (text: string) => excerpt(out.redact(text));
          out.note(`${c.red("feedgate: error:")} ${safe(report.line)}`);
          if (report.hint) out.note(`${c.dim("hint:")} ${safe(report.hint)}`);
          if (out.verboseMode) for (const line of report.detail) out.verbose(safe(line));
        }
      }
      if (state.exitCode === EXIT.interrupted)
        out.note(out.errColor.dim("feedgate: interrupted; stopped cleanly"));
    },
  };
  return runner;
}

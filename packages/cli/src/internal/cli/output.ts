import { redact, secretForms } from "@feedgate/core/terminal";
import pc from "picocolors";
import { CLI_ENV } from "./config.js";
import { keepOnlyOwnSequences } from "./terminal-safe.js";

type Colors = ReturnType<typeof pc.createColors>;

/** A stream the CLI writes to: process.stdout/stderr, or a test double. */
export interface OutStream {
  /** Writes text; false when the stream asks to wait (backpressure). */
  write(chunk: string): boolean;
  /** Registers a one-time listener (Node streams): used for `drain` after a write returned false. Default: none (never waits). */
  once?(event: "drain", listener: () => void): unknown;
  /** Removes a listener registered with `once`. */
  off?(event: "drain", listener: () => void): unknown;
  /** Whether it is a terminal (colours, spinner, tables sized to it). Default: false. */
  isTTY?: boolean;
  /** Its width in characters, when a terminal. Default: unknown. */
  columns?: number;
}

/** Where the CLI reads standard input from: process.stdin, or a test double. */
export interface InStream extends AsyncIterable<string | Uint8Array> {
  /** Whether it is a terminal (then `-` is refused: nobody would type the text). Default: false. */
  isTTY?: boolean;
}

/** Where the CLI reads its environment and input and writes its output. */
export interface Streams {
  /** Where results go. */
  stdout: OutStream;
  /** Where progress, warnings and errors go. */
  stderr: OutStream;
  /** The environment variables (`FEEDGATE_*`, `NO_COLOR`, ...). */
  env: Record<string, string | undefined>;
  /** Standard input, for a prompt, text or store URL given as `-`. Default: process.stdin (opened only when read). */
  stdin?: InStream | undefined;
}

export interface OutputOptions {
  /** Machine-readable mode: stdout carries only JSON. Default: false. */
  json?: boolean;
  /** Extra detail on stderr. Default: false. */
  verbose?: boolean;
  /** `--no-color`: forces colour off. Default: colour when the stream is a TTY and NO_COLOR is unset. */
  color?: boolean;
}

function colorWanted(stream: OutStream, env: Streams["env"], flag: boolean | undefined): boolean {
  if (flag === false) return false;
  // https://no-color.org: any non-empty value disables colour.
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  if (env["TERM"] === "dumb") return false;
  if (env["FORCE_COLOR"] !== undefined && env["FORCE_COLOR"] !== "0") return true;
  return stream.isTTY === true;
}

/**
 * The CLI's single way to write. Data goes to stdout (human text, or JSON in `--json` mode);
 * everything else (progress, notes, errors) goes to stderr. Every string passes through the
 * secret filter, so the API key cannot reach either stream.
 */
export class Output {
  readonly json: boolean;
  readonly verboseMode: boolean;
  /** Colours for stdout text (no-ops when disabled). */
  readonly color: Colors;
  /** Colours for stderr text. */
  readonly errColor: Colors;
  /** Spinners, progress bars and redraws: only on an interactive stderr with colour allowed. */
  readonly animate: boolean;
  readonly #streams: Streams;
  readonly #secrets: string[] = [];
  /** Every form of every registered secret, longest first: worked out once per secret, not per line. */
  #secretForms: string[] = [];
  /** Whether stdout refused more (its buffer is full) since it last drained. */
  #stdoutFull = false;

  constructor(streams: Streams, options: OutputOptions = {}) {
    this.#streams = streams;
    this.json = options.json ?? false;
    this.verboseMode = options.verbose ?? false;
    const outColor = !this.json && colorWanted(streams.stdout, streams.env, options.color);
    const errColor = colorWanted(streams.stderr, streams.env, options.color);
    this.color = pc.createColors(outColor);
    this.errColor = pc.createColors(errColor);
    this.animate = errColor && streams.stderr.isTTY === true && streams.env["CI"] === undefined;
  }

  /** Registers a secret that must never be written (the API key). */
  addSecret(secret: string | undefined): void {
    if (!secret || this.#secrets.includes(secret)) return;
    this.#secrets.push(secret);
    this.#secretForms = this.#secrets.flatMap(secretForms).sort((a, b) => b.length - a.length);
  }

  /** Redacts registered secrets from a string. */
  redact(text: string): string {
    return redact(text, this.#secretForms);
  }

  /**
   * Whether stdout is a terminal: tables and colour there, tab-separated rows in a pipe.
   * `FEEDGATE_TTY=1` / `=0` overrides the detection (for tests, and for `script`-like wrappers).
   */
  get tty(): boolean {
    const forced = this.#streams.env[CLI_ENV.tty];
    if (forced === "1" || forced === "0") return forced === "1";
    return this.#streams.stdout.isTTY === true;
  }

  /** Terminal width for layout (`COLUMNS` when set); 100 when unknown. */
  get columns(): number {
    const c = this.#streams.stdout.columns ?? Number(this.#streams.env["COLUMNS"]);
    return typeof c === "number" && c > 20 ? c : 100;
  }

  /** The stderr stream itself, for progress bars and spinners (already TTY-checked via `animate`). */
  get stderrStream(): OutStream {
    return this.#streams.stderr;
  }

  /**
   * Human text, made safe for a terminal: secrets redacted first (so a key split by a control
   * character cannot slip past), then every escape sequence and control character removed but
   * the CLI's own colours and redraws.
   */
  human(text: string): string {
    return keepOnlyOwnSequences(this.redact(text));
  }

  /** Human data on stdout (suppressed in JSON mode, where only `data()` writes to stdout). */
  print(text = ""): void {
    this.printPart(`${text}\n`);
  }

  /** A fragment of human text on stdout without a newline (streamed text; filtered like `print`). */
  printPart(text: string): void {
    if (!this.json) this.#toStdout(this.human(text));
  }

  /** One JSON document (or one JSON line in watch modes) on stdout. */
  data(value: unknown): void {
    this.#toStdout(`${this.redact(JSON.stringify(value))}\n`);
  }

  #toStdout(text: string): void {
    if (!this.#streams.stdout.write(text)) this.#stdoutFull = true;
  }

  /**
   * Resolves once stdout has room again (at once when it has): a command that writes as fast as
   * a stream arrives waits here, so a reader that pauses (`| less`, a slow pipe) holds the
   * stream back instead of growing the process's memory. Ends early when `signal` fires.
   */
  async drained(signal?: AbortSignal): Promise<void> {
    const stdout = this.#streams.stdout;
    if (!this.#stdoutFull || !stdout.once) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        stdout.off?.("drain", done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      stdout.once!("drain", done);
      signal?.addEventListener("abort", done, { once: true });
    });
    this.#stdoutFull = false;
  }

  /** A status or progress line on stderr. */
  note(text: string): void {
    this.#streams.stderr.write(`${this.human(text)}\n`);
  }

  /** Detail shown only with `--verbose`, on stderr. */
  verbose(text: string): void {
    if (this.verboseMode)
      this.#streams.stderr.write(`${this.human(this.errColor.dim(`[verbose] ${text}`))}\n`);
  }

  /** Rewrites the in-place status line on stderr with `text` (filtered); only while animating. */
  statusLine(text: string): void {
    if (this.animate) this.#streams.stderr.write(`\r\x1b[2K${this.human(text)}`);
  }

  /** Clears the terminal for a redraw (watch modes); only while animating and not in JSON mode. */
  clearScreen(): void {
    if (this.animate && !this.json) this.#streams.stdout.write("\x1b[2J\x1b[H");
  }
}

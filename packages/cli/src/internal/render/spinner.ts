import ora, { type Ora } from "ora";
import type { Output } from "../cli/output.js";

/**
 * A status spinner on stderr (ora). Animated only when `out.animate` (TTY, colour allowed);
 * otherwise each new status is one plain line. It never touches stdin or signals: Ctrl-C
 * stays with the CLI, which stops the task cleanly.
 */
export class StatusSpinner {
  readonly #out: Output;
  readonly #spinner: Ora | undefined;
  #last = "";

  constructor(out: Output, text: string) {
    this.#out = out;
    this.#spinner = out.animate
      ? ora({
          text: out.human(text),
          stream: out.stderrStream as NodeJS.WritableStream,
          discardStdin: false,
          hideCursor: true,
        }).start()
      : undefined;
    if (!out.animate) out.note(text);
    this.#last = text;
  }

  update(text: string): void {
    if (text === this.#last) return;
    this.#last = text;
    if (this.#spinner) this.#spinner.text = this.#out.human(text);
    else this.#out.note(text);
  }

  succeed(text: string): void {
    if (this.#spinner) this.#spinner.succeed(this.#out.human(text));
    else this.#out.note(`✔ ${text}`);
  }

  fail(text: string): void {
    if (this.#spinner) this.#spinner.fail(this.#out.human(text));
    else this.#out.note(`✖ ${text}`);
  }

  stop(): void {
    if (this.#spinner?.isSpinning) this.#spinner.stop();
  }
}

import cliProgress from "cli-progress";
import type { Output } from "../cli/output.js";

/**
 * A snapshot progress bar on stderr (cli-progress). The snapshot's size is unknown until its
 * last page, so the total grows by a page while more pages remain. Without a TTY (or with
 * NO_COLOR) it prints one plain line per page instead.
 */
export class SnapshotProgress {
  readonly #out: Output;
  #bar: cliProgress.SingleBar | undefined;
  #lastPages = 0;
  #items = 0;

  constructor(out: Output) {
    this.#out = out;
  }

  /** After each stored page: the pages and items so far (the total is unknown until the end). */
  update(pages: number, items: number, pageSize: number): void {
    this.#items = items;
    const total = Math.max(items + Math.max(pageSize, 1), 1);
    if (!this.#out.animate) {
      if (pages !== this.#lastPages) this.#out.note(`snapshot: page ${pages}, ${items} items`);
      this.#lastPages = pages;
      return;
    }
    if (!this.#bar) {
      this.#bar = new cliProgress.SingleBar(
        {
          stream: this.#out.stderrStream as NodeJS.WritableStream,
          format: "snapshot |{bar}| {value}/{total} items · page {pages}",
          hideCursor: true,
          clearOnComplete: false,
          barsize: 30,
        },
        cliProgress.Presets.shades_classic,
      );
      this.#bar.start(total, items, { pages });
    }
    this.#bar.setTotal(total);
    this.#bar.update(items, { pages });
  }

  /** The snapshot is complete: the bar shows it full, then stops. */
  stop(): void {
    this.#bar?.setTotal(Math.max(this.#items, 1));
    this.#bar?.stop();
    this.#bar = undefined;
  }
}

/** A one-line status, rewritten in place on a TTY, printed only on change otherwise. */
export class StatusLine {
  readonly #out: Output;
  #last = "";
  #shown = false;

  constructor(out: Output) {
    this.#out = out;
  }

  set(text: string): void {
    if (text === this.#last) return;
    this.#last = text;
    if (this.#out.animate) {
      this.#out.statusLine(text);
      this.#shown = true;
    } else {
      this.#out.note(text);
    }
  }

  /** Ends the in-place line so later output starts on a fresh line. */
  done(): void {
    if (this.#shown) this.#out.note("");
    this.#shown = false;
  }
}

import { InvalidArgumentError } from "commander";

/**
 * Commander argument parsers. They check only the form of a value (a whole number, a
 * positive number of seconds); the services' own rules (ranges, lengths, dates) are checked
 * by @feedgate/kit before any request, so the CLI and the library never disagree.
 */

/** A whole number written in digits (the range is the kit's to check). */
export function integerArg(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError("must be a whole number.");
  return Number(value.trim());
}

/** A number of seconds greater than zero (fractions allowed, e.g. 0.5). */
export function secondsArg(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || value.trim() === "")
    throw new InvalidArgumentError("must be a number of seconds greater than 0.");
  return n;
}

/** Collects a repeatable option (`--image URL --image URL`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A TCP port, 1 to 65535. */
export function portArg(value: string): number {
  const n = integerArg(value);
  if (n < 1 || n > 65535) throw new InvalidArgumentError("must be a port from 1 to 65535.");
  return n;
}

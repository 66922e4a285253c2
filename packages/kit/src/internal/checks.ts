import { invalidArgument } from "../errors.js";

/** Refuses a negative, non-finite (or, with `integer`, fractional) option before anything starts. */
export function checkPositive(name: string, value: number | undefined, integer = false): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw invalidArgument(name, integer ? "a whole number of at least 0" : "a finite number of at least 0");
  }
}

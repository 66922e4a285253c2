import { configError } from "./errors.js";

/** Refuses a negative, non-finite (or, with `integer`, fractional) option before anything starts. */
export function checkPositive(name: string, value: number | undefined, integer = false): void {
  if (value !== undefined && !(value >= 0 && value < Infinity && (!integer || Number.isInteger(value)))) {
    throw configError(name, integer ? "a whole number of at least 0" : "a finite number of at least 0");
  }
}

/** Refuses a `jitter` outside 0–1. */
export function checkFraction(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1)) throw configError(name, "a fraction from 0 to 1");
}

/** The same object without its undefined properties (so they do not override defaults when spread). */
export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

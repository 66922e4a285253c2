import { invalidRequest } from "./wire.js";

/**
 * The service's strict query rule: only the listed names, each at most once; returns the values.
 * An unknown name (cache-busters included) or a repeated one is 400 invalid_request.
 */
export function strictQuery(params: URLSearchParams, allowed: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of params) {
    if (!allowed.includes(name)) throw invalidRequest(`Unknown query parameter: ${name}.`);
    if (out.has(name)) throw invalidRequest(`Query parameter must not be repeated: ${name}.`);
    out.set(name, value);
  }
  return out;
}

export function twoValueEnum<A extends string, B extends string>(name: string, value: string | undefined, a: A, b: B, fallback: A | B): A | B {
  if (value === undefined) return fallback;
  if (value === a || value === b) return value as A | B;
  throw invalidRequest(`${name} must be '${a}' or '${b}'.`);
}

export function integerParam(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) throw invalidRequest(`${name} must be an integer from ${min} to ${max}.`);
  return n;
}

export function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

/** Decodes `<prefix>base64url(JSON object)`, or undefined when anything is off. */
export function decodeToken(token: string, prefix: string): Record<string, unknown> | undefined {
  if (!token.startsWith(prefix)) return undefined;
  const payload = token.slice(prefix.length);
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

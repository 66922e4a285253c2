import type { FakeClock } from "../core/clock.js";
import type { Prng } from "../core/prng.js";

/** Deterministic ids: the same seed and request order give the same ids. */
export class GatewayIds {
  #counter = 0;
  constructor(
    private readonly prng: Prng,
    private readonly clock: FakeClock,
  ) {}

  hex(n: number): string {
    return Array.from({ length: n }, () => this.prng.int(0, 15).toString(16)).join("");
  }

  alnum(n: number): string {
    const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    return Array.from({ length: n }, () => abc[this.prng.int(0, abc.length - 1)]).join("");
  }

  /**
   * The gateway's request id shape (common/utils.go:265-268, middleware/request-id.go:23):
   * `YYYYMMDDhhmmss` and the nanoseconds of the second (unpadded), 8 hex digits, 8 random
   * letters and digits. Time from the fake clock; a counter keeps ids of one instant apart.
   */
  requestId(): string {
    const now = this.clock.now();
    const stamp = new Date(now).toISOString().replace(/\D/g, "").slice(0, 14);
    this.#counter += 1;
    const nanos = (now % 1000) * 1_000_000 + this.#counter;
    return `${stamp}${nanos}${this.hex(8)}${this.alnum(8)}`;
  }
}

/** A deterministic token estimate: about four characters per token, at least 1. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil([...text].length / 4));
}

/** Every string found under `text`, `content`, `input`, `parts`… of a request body, joined: what the fakes "read". */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(" ");
  if (value !== null && typeof value === "object") {
    const v = value as Record<string, unknown>;
    return ["text", "content", "input", "parts", "contents", "messages", "system", "instructions"]
      .map((k) => (k in v ? textOf(v[k]) : ""))
      .filter(Boolean)
      .join(" ");
  }
  return "";
}

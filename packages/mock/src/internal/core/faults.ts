import type { Prng } from "./prng.js";
import type { Fault, FaultControls, FaultRule } from "./types.js";

interface ActiveRule {
  route: string;
  fault: Fault;
  remaining: number;
  probability: number;
}

/** Validates and keeps fault rules; picks the fault (if any) for each request, first matching rule wins. */
export class FaultInjector<Route extends string> implements FaultControls<Route> {
  #rules: ActiveRule[] = [];
  #injected = 0;

  constructor(
    private readonly prng: Prng,
    private readonly routes: readonly Route[],
  ) {}

  get injected(): number {
    return this.#injected;
  }

  add(rule: FaultRule<Route>): void {
    const route: string = rule.route ?? "*";
    if (route !== "*" && !(this.routes as readonly string[]).includes(route)) {
      throw new TypeError(
        `faults.add: unknown route "${route}"; expected "*" or one of ${this.routes.join(", ")}`,
      );
    }
    const times = rule.times ?? Number.POSITIVE_INFINITY;
    if (!(times >= 0) || (Number.isFinite(times) && !Number.isInteger(times))) {
      throw new RangeError(`faults.add: times must be an integer ≥ 0, got ${rule.times}`);
    }
    const probability = rule.probability ?? 1;
    if (!(probability >= 0 && probability <= 1)) {
      throw new RangeError(`faults.add: probability must be within 0..1, got ${rule.probability}`);
    }
    validateFault(rule.fault);
    this.#rules.push({ route, fault: rule.fault, remaining: times, probability });
  }

  clear(): void {
    this.#rules = [];
  }

  /** The fault for a request to `route` (undefined for unknown paths), or undefined. */
  pick(route: Route | undefined): Fault | undefined {
    for (const rule of this.#rules) {
      if (rule.remaining <= 0) continue;
      if (rule.route !== "*" && rule.route !== route) continue;
      // Draw only for probabilistic rules, so adding a certain rule never shifts the sequence.
      if (rule.probability < 1 && this.prng.next() >= rule.probability) continue;
      rule.remaining -= 1;
      this.#injected += 1;
      return rule.fault;
    }
    return undefined;
  }
}

function validateFault(fault: Fault): void {
  switch (fault.type) {
    case "status":
      if (![408, 429, 500, 502, 503, 504].includes(fault.status))
        throw new RangeError(`faults.add: unsupported status ${fault.status}`);
      return;
    case "delay":
      if (!(fault.ms >= 0) || !Number.isFinite(fault.ms))
        throw new RangeError(`faults.add: delay ms must be ≥ 0, got ${fault.ms}`);
      return;
    case "body":
      if (!Number.isInteger(fault.status) || fault.status < 100 || fault.status > 599)
        throw new RangeError(`faults.add: body status ${fault.status}`);
      return;
    case "reset":
    case "truncate":
    case "non-json":
    case "stall":
      return;
    default:
      throw new TypeError(
        `faults.add: unknown fault type ${JSON.stringify((fault as { type?: unknown }).type)}`,
      );
  }
}

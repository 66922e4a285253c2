import type { Fault, FeedFake, RecordedRequest } from "@feedgate/mock";
export interface FaultMixOptions {
  retryAfterMs429?: number;
  retryAfterMs503?: number;
  retryAfterSeconds?: number;
  delayMs?: number;
  route?: string;
}
export declare function retryWaits(options?: FaultMixOptions): { 429: number; 503: number };
export declare function faultKinds(options?: FaultMixOptions): Fault[];
export declare function addFaultMix(fake: FeedFake, rate: number, options?: FaultMixOptions): void;
export declare function earlyRetries(
  requests: RecordedRequest[],
  waitFor: (status: number) => number | undefined,
): { early: number; checked: number; shortestMarginMs: number };

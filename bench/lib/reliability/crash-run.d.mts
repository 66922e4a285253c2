import type { FeedFake, FeedFakeOptions } from "@feedgate/mock";
import type { SetComparison } from "./mirror-fault-run.mjs";
export interface CrashRunDeps {
  startFeedFake(options?: FeedFakeOptions): Promise<FeedFake>;
  openFileStore(
    dir: string,
  ): Promise<{ entries(): Promise<Array<{ id: string }>>; close(): Promise<void> }>;
}
export interface CrashRunOptions {
  kills?: number;
  items?: number;
  churnPerKill?: number;
  faultRate?: number;
  seed?: number;
  maxKillDelayMs?: number;
  requireSnapshotEvery?: number;
  compactAfterBytes?: number;
}
export interface CrashRunResult extends SetComparison {
  truth: number;
  mirrored: number;
  killsSurvived: number;
  killedIn: { startup: number; snapshot: number; changes: number };
  tornTails: number;
  snapshotsRequired: number;
  churnOps: number;
  requests: number;
  faultsInjected: number;
}
export declare function runCrashRun(
  deps: CrashRunDeps,
  options?: CrashRunOptions,
): Promise<CrashRunResult>;

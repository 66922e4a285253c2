import type { FeedClient, FeedClientOptions } from "@feedgate/feed-client";
import type { MirrorStore, SelectedMirror, SelectedMirrorOptions } from "@feedgate/kit/mirror";
import type { FeedFake, FeedFakeOptions } from "@feedgate/mock";
export interface SetComparison {
  verified: number;
  missing: number;
  extra: number;
  different: number;
  duplicates: number;
}
export declare function compareSets(
  mirrored: ReadonlyArray<{ id: string }>,
  truth: ReadonlyArray<{ id: string }>,
): SetComparison;
export interface MirrorFaultRunDeps {
  startFeedFake(options?: FeedFakeOptions): Promise<FeedFake>;
  createFeedClient(options: FeedClientOptions): FeedClient;
  createResilientFetch(options?: Record<string, unknown>): (request: Request) => Promise<Response>;
  createSelectedMirror(options: SelectedMirrorOptions): SelectedMirror;
  createStore(): Promise<MirrorStore>;
}
export interface MirrorFaultRunOptions {
  items?: number;
  churnRounds?: number;
  churnPerRound?: number;
  faultRate?: number;
  seed?: number;
  requireSnapshotAtRound?: number;
  retryAfterSeconds?: number;
  maxSyncs?: number;
  snapshotPageSize?: number;
}
export interface MirrorFaultRunResult extends SetComparison {
  truth: number;
  mirrored: number;
  requests: number;
  requestBound: number;
  useful: number;
  faultsInjected: number;
  failingFaults: number;
  earlyRetries: number;
  retryAfterChecked: number;
  shortestRetryMarginMs: number;
  churnOps: number;
  snapshotsRequired: number;
  syncs: number;
  stats: SelectedMirror["stats"];
}
export declare function runMirrorFaultRun(
  deps: MirrorFaultRunDeps,
  options?: MirrorFaultRunOptions,
): Promise<MirrorFaultRunResult>;

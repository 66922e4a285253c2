import type { FeedgateError } from "@feedgate/core";

/** What a progress callback receives. */
export interface MirrorProgress {
  /** `snapshot`: fetching a full pass; `changes`: applying the ledger; `idle`: waiting for the next poll. */
  phase: "snapshot" | "changes" | "idle";
  /** Pages stored in the current phase run (one snapshot pass, or one drain of the ledger). */
  pages: number;
  /** Items in the set being built: the pending generation while snapshotting, else the current set. */
  items: number;
  /** Changes applied since the mirror was created. */
  changes: number;
  /** Snapshot passes committed since the mirror was created. */
  snapshots: number;
  /** The saved ledger cursor. */
  cursor: string | undefined;
  /** `idle` only: milliseconds until the next poll. */
  waitMs?: number;
  /** `idle` only: set when the last sync failed with a transient error and `follow` waits to try again. */
  failure?: {
    /** The failure's error kind. */
    kind: FeedgateError["kind"];
    /** Its HTTP status, when an answer arrived. */
    status: number | undefined;
  };
}

/** Counters of one mirror, since it was created. */
export interface MirrorStats {
  /** Calls the mirror made (each up to the client's `maxRetries + 1` requests). */
  requests: number;
  /** Requests the client's transport repeated within those calls (successful calls only). */
  retries: number;
  /** Snapshot passes committed. */
  snapshots: number;
  /** Snapshot pages stored. */
  snapshotPages: number;
  /** Changes pages stored. */
  changePages: number;
  /** Changes applied. */
  changes: number;
  /** Times the service answered 409 snapshot_required. */
  snapshotRequired: number;
}

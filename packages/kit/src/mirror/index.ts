export { createMemoryStore } from "../internal/store/memory.js";
export type {
  ChangesPage,
  MirrorChange,
  MirrorStore,
  MirrorStoreState,
  PendingSnapshot,
  SelectedFields,
  SelectedItem,
  SnapshotPage,
  StoreFilter,
} from "../internal/store/types.js";
export { createSelectedMirror, type SelectedMirror } from "./mirror.js";
export { MIRROR_DEFAULTS, type SelectedMirrorOptions } from "./options.js";
export type { MirrorProgress, MirrorStats } from "./progress.js";
export type { SyncResult } from "./sync.js";

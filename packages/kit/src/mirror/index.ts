export { createMemoryStore } from "../store/memory.js";
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
} from "../store/types.js";
export {
  createSelectedMirror,
  MIRROR_DEFAULTS,
  type MirrorProgress,
  type MirrorStats,
  type SelectedMirror,
  type SelectedMirrorOptions,
  type SyncResult,
} from "./mirror.js";

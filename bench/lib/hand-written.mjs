// The references for benchmark 3: what a user writes without the kit — bare fetch +
// JSON.parse loops that follow the cursors. No retries, no validation, no persistence.

async function getJson(url) {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Walks /api/v1/items page by page (query values as strings); calls `onItem` for every item; returns the count. */
export async function handItems(
  baseUrl,
  { query = {}, onItem = () => {}, maxPages = 100_000 } = {},
) {
  let cursor;
  let count = 0;
  for (let page = 0; page < maxPages; page++) {
    const params = new URLSearchParams(query);
    if (cursor) params.set("cursor", cursor);
    const body = await getJson(`${baseUrl}/api/v1/items?${params}`);
    for (const item of body.items) {
      onItem(item);
      count++;
    }
    if (!body.page.hasMore) return count;
    cursor = body.page.nextCursor;
  }
  throw new Error("items: page limit reached");
}

/**
 * Mirrors the selected set into a Map: snapshot pages, then the change ledger to its end.
 * Returns `{ map, cursor, applied }`; `cursor` is kept for the next sync.
 */
export async function handMirror(
  baseUrl,
  {
    map = new Map(),
    cursor,
    snapshotLimit = 1000,
    changesLimit = 100,
    maxPages = 100_000,
    onPage = () => {},
  } = {},
) {
  let applied = 0;
  if (cursor === undefined) {
    let page;
    for (let n = 0; ; n++) {
      if (n >= maxPages) throw new Error("snapshot: page limit reached");
      const params = new URLSearchParams({ limit: String(snapshotLimit) });
      if (page) params.set("page", page);
      const body = await getJson(`${baseUrl}/api/v1/selected/snapshot?${params}`);
      for (const item of body.items) map.set(item.id, item);
      applied += body.items.length;
      cursor = body.cursor;
      onPage();
      if (!body.hasMore) break;
      page = body.nextPage;
    }
  }
  for (let n = 0; ; n++) {
    if (n >= maxPages) throw new Error("changes: page limit reached");
    const params = new URLSearchParams({ cursor, limit: String(changesLimit) });
    const body = await getJson(`${baseUrl}/api/v1/selected/changes?${params}`);
    for (const change of body.changes) {
      if (change.op === "upsert") map.set(change.item.id, change.item);
      else map.delete(change.id);
    }
    applied += body.changes.length;
    cursor = body.cursor;
    onPage();
    if (!body.hasMore) break;
  }
  return { map, cursor, applied };
}

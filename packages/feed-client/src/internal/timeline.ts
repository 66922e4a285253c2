/**
 * How long after its publication an item may be discovered and still be placed in the timeline
 * at its discovery time: 72 hours. An item back-filled later than that keeps its publication
 * time (so old material does not show as news), as the feed document describes `by=timeline`.
 */
export const TIMELINE_BACKFILL_MS = 72 * 3_600_000;

/**
 * An item's timeline time (`by=timeline`), in epoch ms: when the site received it
 * (`discoveredAt`), except an item discovered more than 72 hours after its publication
 * (`publishedAt`), which keeps its publication time. NaN when `discoveredAt` does not parse.
 * (For `mode=selected` the service orders by a reading group's anchor the items do not carry.)
 * `parse` reads each time; it must read ISO 8601 as `Date.parse` does (the kit's paginator
 * passes a faster reader of the service's own form). Default: `Date.parse`.
 */
export function timelineTime(
  item: { discoveredAt: string; publishedAt: string | null },
  parse: (time: string) => number = Date.parse,
): number {
  const discovered = parse(item.discoveredAt);
  const published = item.publishedAt === null ? Number.NaN : parse(item.publishedAt);
  return discovered - published > TIMELINE_BACKFILL_MS ? published : discovered;
}

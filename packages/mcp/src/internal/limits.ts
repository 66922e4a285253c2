/**
 * The caps on every tool result, so that one answer never floods a model's context window.
 * Items are trimmed to the fields an agent needs (id, title, summary, source, time, link), each
 * text cut to its cap; lists are cut to their cap, with a cursor where more can be fetched.
 */
export const MCP_LIMITS = {
  /** Largest `limit` of `search_items` and `search_local` (the service allows more; a model does not need more at once). */
  maxItems: 25,
  /** `limit` of `search_items` and `search_local` when none is given. */
  defaultItems: 10,
  /** Hot topics returned (the service serves 10). */
  maxTopics: 10,
  /** Reports of a story returned by `get_story` (newest first, as the service orders them). */
  maxStoryReports: 10,
  /** Items per section of a daily report, and flashes, returned by `daily_report`. */
  maxDailyEntries: 8,
  /** Sections of a daily report returned. */
  maxDailySections: 8,
  /** Events returned by `reset_calendar`. */
  maxResetEvents: 20,
  /** Code points of a title. */
  titleChars: 200,
  /** Code points of a summary, digest or lead paragraph. */
  summaryChars: 400,
  /** UTF-16 units of a cursor passed on (a longer or unclean one is refused, not cut). */
  cursorChars: 1000,
  /** Code points of any other text field (source names, labels, links). */
  fieldChars: 300,
  /** Lines of the short text rendering of a result. */
  textLines: 40,
} as const;

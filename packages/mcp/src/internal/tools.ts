import { createError } from "@feedgate/kit";
import { type StoryResult, storyIdOf, storyPublicIdOf } from "@feedgate/kit/feed";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { clip, cursorOf } from "./clean.js";
import { errorResult } from "./errors.js";
import type { ServerKit } from "./kit.js";
import { MCP_LIMITS as L } from "./limits.js";
import { itemLine, textOf } from "./render.js";
import { argOf, checkedBy } from "./schemas.js";
import { field, first, itemSchema, num, trimItem, trimmed } from "./shape.js";

type Content = { type: "text"; text: string };
type Structured = Record<string, unknown>;
/** What a tool body returns: its structured result and its text lines. */
export interface Answer {
  structured: Structured;
  lines: string[];
}

/**
 * Registers a tool that only reads, reaching the feed (`online`) or not (`search_local`). Its
 * answer is `structuredContent` plus text; any failure is an `isError` result.
 */
export function readTool<In extends z.ZodObject>(
  server: McpServer,
  name: string,
  config: { title: string; description: string; inputSchema: In; outputSchema: z.ZodObject },
  run: (args: z.infer<In>, signal: AbortSignal) => Promise<Answer>,
  online = true,
): void {
  const hints = { readOnlyHint: true, openWorldHint: online, idempotentHint: true };
  const annotations = { title: config.title, ...hints, destructiveHint: false };
  server.registerTool(name, { ...config, annotations }, (async (args: never, extra: Extra) => {
    try {
      const { structured, lines } = await run(args, extra.signal);
      return { content: [textOf(lines)] as Content[], structuredContent: structured };
    } catch (error) {
      return errorResult(error);
    }
  }) as never);
}
type Extra = { signal: AbortSignal };

const itemsInput = checkedBy(
  z.object({
    q: argOf("items", "q", "Text to search for in titles and summaries.").optional(),
    category: argOf("items", "category", "Only items of this category.").optional(),
    mode: argOf(
      "items",
      "mode",
      "`selected`: the editors' selection; `all`: everything collected.",
    ).optional(),
    window: argOf("items", "window", "How far back to look.").optional(),
    limit: argOf<number>(
      "items",
      "limit",
      `Items to return (at most ${L.maxItems} here; default ${L.defaultItems}).`,
      L.maxItems,
    ).optional(),
    cursor: argOf(
      "items",
      "cursor",
      "The nextCursor of a previous search_items result, to continue it.",
    ).optional(),
  }),
  "items",
  (args) => ({ query: { ...args, limit: args.limit ?? L.defaultItems } }),
);

/** Registers the feed tools (search_items, hot_topics, get_story, daily_report, reset_calendar). */
export function registerFeedTools(server: McpServer, kit: ServerKit): void {
  readTool(
    server,
    "search_items",
    {
      title: "Search the AI news feed",
      description: `Searches the feed's items (newest first): text, category, selection mode and time window. Returns at most ${L.maxItems} trimmed items and a nextCursor to continue.`,
      inputSchema: itemsInput,
      outputSchema: z.object({
        items: z.array(itemSchema),
        count: z.number().int(),
        nextCursor: z
          .string()
          .nullable()
          .describe("pass as cursor to get the next page; null at the end"),
      }),
    },
    async (args, signal) => {
      const query = Object.fromEntries(
        Object.entries({ ...args, limit: args.limit ?? L.defaultItems }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      const { data } = await kit.items(query, { signal });
      const items = trimmed(data.items, L.maxItems);
      const next = cursorOf(data.page?.nextCursor, L.cursorChars);
      if (next !== null && next === args.cursor)
        throw createError({
          kind: "invalid_response",
          code: "repeated_cursor",
          message: `the service answered the same cursor it was given (${next.slice(0, 40)}): refusing to loop`,
        });
      return {
        structured: { items, count: items.length, nextCursor: next },
        lines: [
          `${items.length} item(s)${next ? " (more: pass nextCursor)" : ""}`,
          ...items.map((i) => itemLine(i)),
        ],
      };
    },
  );

  readTool(
    server,
    "hot_topics",
    {
      title: "Hot topics now",
      description: `The current top ${L.maxTopics} hot topics of AI news, each with the story id to pass to get_story.`,
      inputSchema: z.object({}),
      outputSchema: z.object({ topics: z.array(topicSchema), count: z.number().int() }),
    },
    async (_args, signal) => hotAnswer((await kit.hotTopics({ signal })).data),
  );

  const storyInput = checkedBy(
    z.object({
      id: argOf(
        "storyByPublicId",
        "publicId",
        "The story's public id (a UUID: a hot topic's storyId), or its story URL.",
      ),
    }),
    "storyByPublicId",
    (args) => ({ path: { publicId: storyPublicIdOf(args.id) } }),
  );
  readTool(
    server,
    "get_story",
    {
      title: "A story and its reports",
      description: `A story (an event reported by several sources): its digest and up to ${L.maxStoryReports} reports. Follows merges: when the story was merged into another, says so and returns the surviving one.`,
      inputSchema: storyInput,
      outputSchema: z.object({
        id: z.string().describe("the surviving story's id: store this one"),
        requestedId: z.string(),
        merged: z.boolean().describe("true when the requested story was merged into another"),
        mergedChain: z.array(z.string()).describe("the ids that were merged, in order"),
        title: z.string().nullable(),
        digest: z.string().nullable(),
        status: z.string().nullable(),
        latestAt: z.string().nullable(),
        link: z.string().nullable(),
        reportCount: z.number().nullable(),
        sourceCount: z.number().nullable(),
        reports: z.array(itemSchema),
      }),
    },
    async (args, signal) => storyAnswer(await kit.getStory(args.id, { signal })),
  );

  const dailyInput = checkedBy(
    z.object({
      date: argOf(
        "dailyByDate",
        "date",
        "The report's date, YYYY-MM-DD (Asia/Shanghai). Omit for the latest report.",
      ).optional(),
    }),
    "dailyByDate",
    (args) => (args.date === undefined ? undefined : { path: { date: args.date } }),
  );
  readTool(
    server,
    "daily_report",
    {
      title: "Daily AI report",
      description: `The daily AI news report: the latest, or the one of a date. Returns its lead, up to ${L.maxDailySections} sections of up to ${L.maxDailyEntries} items each, and up to ${L.maxDailyEntries} flashes.`,
      inputSchema: dailyInput,
      outputSchema: dailySchema,
    },
    async (args, signal) => {
      const { data } =
        args.date === undefined
          ? await kit.latestDaily({ signal })
          : await kit.dailyByDate(args.date, { signal });
      return dailyAnswer(data.report);
    },
  );

  readTool(
    server,
    "reset_calendar",
    {
      title: "Codex reset calendar",
      description: `The Codex usage-limit reset calendar: "recent" (the last 7 days and open events, the default) or "full" (all history). At most ${L.maxResetEvents} events, newest first as served.`,
      inputSchema: z.object({
        scope: z.enum(["recent", "full"]).optional().describe('"recent" (default) or "full"'),
      }),
      outputSchema: resetsSchema,
    },
    async (args, signal) => {
      const full = args.scope === "full";
      const { data } = full
        ? await kit.codexResets({ signal })
        : await kit.codexResetsRecent({ signal });
      return resetsAnswer(data, full ? "full" : "recent");
    },
  );
}

/** A story (as `getStory` found it), trimmed for an agent. */
export function storyAnswer(found: StoryResult): Answer {
  const s = found.story as unknown as Record<string, unknown>;
  const merged = found.mergedChain.length > 0;
  const reports = trimmed(s["reports"], L.maxStoryReports);
  const structured = {
    id: clip(found.survivingId, L.fieldChars) ?? "",
    requestedId: clip(found.requestedId, L.fieldChars) ?? "",
    merged,
    mergedChain: found.mergedChain.map((id: string) => clip(id, L.fieldChars) ?? ""),
    title: clip(s["title"], L.titleChars),
    digest: clip(s["digest"], L.summaryChars),
    status: clip(s["status"], L.fieldChars),
    latestAt: clip(s["latestAt"], L.fieldChars),
    link: clip(field(s["links"], "aihot"), L.fieldChars),
    reportCount: num(s["reportCount"]),
    sourceCount: num(s["sourceCount"]),
    reports,
  };
  return {
    structured,
    lines: [
      ...(merged
        ? [
            `Note: story ${structured.requestedId} was merged into ${structured.id} (followed ${found.mergedChain.length} merge(s)).`,
          ]
        : []),
      `${structured.title ?? "(untitled)"} [${structured.id}]${structured.status ? ` (${structured.status})` : ""}`,
      ...(structured.digest ? [structured.digest] : []),
      `${structured.reportCount ?? reports.length} report(s) from ${structured.sourceCount ?? "?"} source(s); latest ${structured.latestAt ?? "?"}`,
      ...reports.map((r) => itemLine(r)),
    ],
  };
}

const topicSchema = itemSchema.extend({
  rank: z.number().nullable(),
  storyId: z.string().nullable().describe("the story's public id, for get_story"),
  sourceCount: z.number().nullable(),
});

/** The hot topics, trimmed for an agent. */
export function hotAnswer(data: unknown): Answer {
  const topics = first<Record<string, unknown>>(field(data, "items"), L.maxTopics).map(
    (raw, index) => {
      let storyId: string | null = null;
      try {
        storyId = clip(storyIdOf(raw as never), L.fieldChars);
      } catch {}
      return {
        ...trimItem(raw),
        rank: num(raw["rank"]) ?? index + 1,
        storyId,
        sourceCount: num(raw["sourceCount"]),
      };
    },
  );
  return {
    structured: { topics, count: topics.length },
    lines: [
      `${topics.length} hot topic(s)`,
      ...topics.map((t) => `${itemLine(t, `${t.rank}.`)}${t.storyId ? ` story ${t.storyId}` : ""}`),
    ],
  };
}

const dailySchema = z.object({
  date: z.string().nullable(),
  generatedAt: z.string().nullable(),
  link: z.string().nullable(),
  lead: z.object({ title: z.string().nullable(), paragraph: z.string().nullable() }).nullable(),
  sections: z.array(z.object({ label: z.string().nullable(), items: z.array(itemSchema) })),
  flashes: z.array(itemSchema),
});

/** A daily report, trimmed for an agent. */
export function dailyAnswer(report: unknown): Answer {
  const lead = field(report, "lead");
  const sections = first<object>(field(report, "sections"), L.maxDailySections).map((section) => ({
    label: clip(field(section, "label"), L.fieldChars),
    items: trimmed(field(section, "items"), L.maxDailyEntries),
  }));
  const flashes = trimmed(field(report, "flashes"), L.maxDailyEntries);
  const structured = {
    date: clip(field(report, "date"), L.fieldChars),
    generatedAt: clip(field(report, "generatedAt"), L.fieldChars),
    link: clip(field(field(report, "links"), "aihot"), L.fieldChars),
    lead: lead
      ? {
          title: clip(field(lead, "title"), L.titleChars),
          paragraph: clip(field(lead, "leadParagraph"), L.summaryChars),
        }
      : null,
    sections,
    flashes,
  };
  return {
    structured,
    lines: [
      `Daily report ${structured.date ?? "?"}${structured.lead?.title ? `: ${structured.lead.title}` : ""}`,
      ...(structured.lead?.paragraph ? [structured.lead.paragraph] : []),
      ...sections.flatMap((s) => [`## ${s.label ?? ""}`, ...s.items.map((i) => itemLine(i))]),
      ...(flashes.length ? ["## Flashes", ...flashes.map((i) => itemLine(i))] : []),
    ],
  };
}

const resetsSchema = z.object({
  scope: z.enum(["recent", "full"]),
  checkedAt: z.string().nullable(),
  total: z
    .number()
    .nullable()
    .describe("events in the calendar (only the first ones are returned)"),
  events: z.array(
    z.object({
      id: z.string(),
      label: z.string().nullable(),
      status: z.string().nullable(),
      occurredOn: z.string().nullable(),
      schedule: z.string().nullable().describe("when it is expected, in words"),
      scope: z.string().nullable(),
      confirmedAt: z.string().nullable(),
    }),
  ),
});

/** A reset calendar, trimmed for an agent. */
export function resetsAnswer(data: unknown, scope: "recent" | "full"): Answer {
  const events = first<object>(field(data, "events"), L.maxResetEvents).map((e) => ({
    id: clip(field(e, "id"), L.fieldChars) ?? "",
    label: clip(field(e, "displayLabel") ?? field(e, "label"), L.fieldChars),
    status: clip(field(field(e, "presentation"), "status") ?? field(e, "status"), L.fieldChars),
    occurredOn: clip(field(e, "occurredOn"), L.fieldChars),
    schedule: clip(field(field(e, "schedule"), "label") ?? field(field(e, "estimate"), "label")),
    scope: clip(field(e, "scope"), L.fieldChars),
    confirmedAt: clip(field(e, "confirmedAt"), L.fieldChars),
  }));
  const structured = {
    scope,
    checkedAt: clip(field(data, "checkedAt"), L.fieldChars),
    total: num(field(data, "count")),
    events,
  };
  return {
    structured,
    lines: [
      `${events.length} reset event(s) (${scope})${structured.checkedAt ? `, checked ${structured.checkedAt}` : ""}`,
      ...events.map((e) =>
        `- ${e.label ?? "?"} ${e.status ? `(${e.status})` : ""} ${e.occurredOn ?? e.schedule ?? ""} [${e.id}]`.replace(
          /\s+/g,
          " ",
        ),
      ),
    ],
  };
}

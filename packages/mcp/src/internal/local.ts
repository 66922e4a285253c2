import type { SelectedItem, StoreFilter } from "@feedgate/kit/mirror";
import { readFileStore } from "@feedgate/kit/node";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { MCP_LIMITS as L } from "./limits.js";
import { itemLine } from "./render.js";
import { argOf, checkedBy } from "./schemas.js";
import { itemSchema, trimItem } from "./shape.js";
import { readTool } from "./tools.js";

/**
 * A local copy of the selected set to search offline: any mirror store with `iterate` (the
 * PostgreSQL store of `@feedgate/postgres`, the kit's stores), or {@link fileStoreCopy} for a
 * directory written by `feedgate mirror`.
 */
export interface LocalCopy {
  /** The items matching `filter`, newest first. */
  iterate(filter?: StoreFilter): AsyncIterable<SelectedItem>;
}

/**
 * The copy in a file store directory, read without its lock at each search (so `feedgate mirror
 * --follow` can keep writing it): the newest complete snapshot plus the journal's valid prefix.
 * Filters as the stores do: category equal, published (else discovered) at or after `since`,
 * `q` case-insensitive in the title or summary.
 */
export function fileStoreCopy(dir: string): LocalCopy {
  return {
    async *iterate(filter: StoreFilter = {}) {
      yield* (await readFileStore(dir)).select(filter);
    },
  };
}

const localInput = checkedBy(
  z.object({
    q: argOf("items", "q", "Text to find in titles and summaries (case-insensitive).").optional(),
    category: argOf("items", "category", "Only items of this category.").optional(),
    since: z
      .string()
      .max(40)
      .refine((v) => !Number.isNaN(Date.parse(v)), "a date or date-time, ISO 8601")
      .optional()
      .describe(
        "Only items published (else discovered) at or after this time: an ISO 8601 date or date-time.",
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(L.maxItems)
      .optional()
      .describe(`Items to return (at most ${L.maxItems}; default ${L.defaultItems}).`),
    cursor: z
      .string()
      .regex(/^\d{1,9}$/)
      .optional()
      .describe("The nextCursor of a previous search_local result."),
  }),
  "items",
  (args) => ({
    query: {
      ...(args.q !== undefined && { q: args.q }),
      ...(args.category !== undefined && { category: args.category }),
    },
  }),
);

/** Registers `search_local`: filters and text search over the local copy, never touching the network. */
export function registerLocalTool(server: McpServer, copy: LocalCopy): void {
  readTool(
    server,
    "search_local",
    {
      title: "Search the local mirror (offline)",
      description: `Searches the local copy of the feed's selected set (a mirror kept by feedgate mirror): text, category and a start time, newest first. Never uses the network. At most ${L.maxItems} trimmed items and a nextCursor.`,
      inputSchema: localInput,
      outputSchema: z.object({
        items: z.array(itemSchema),
        count: z.number().int(),
        nextCursor: z.string().nullable(),
      }),
    },
    async (args) => {
      const limit = args.limit ?? L.defaultItems;
      const skip = args.cursor === undefined ? 0 : Number(args.cursor);
      const filter: StoreFilter = {
        ...(args.q !== undefined && { q: args.q.trim() }),
        ...(args.category !== undefined && { category: args.category }),
        ...(args.since !== undefined && { since: args.since }),
      };
      const items = [];
      let seen = 0;
      let more = false;
      for await (const item of copy.iterate(filter)) {
        if (seen++ < skip) continue;
        if (items.length === limit) {
          more = true;
          break;
        }
        items.push(trimItem(item as never));
      }
      const nextCursor = more ? String(skip + limit) : null;
      return {
        structured: { items, count: items.length, nextCursor },
        lines: [
          `${items.length} local item(s)${nextCursor ? " (more: pass nextCursor)" : ""}`,
          ...items.map((i) => itemLine(i)),
        ],
      };
    },
    false,
  );
}

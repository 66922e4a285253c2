import { z } from "zod";
import { clip } from "./clean.js";
import { MCP_LIMITS as L } from "./limits.js";

/** One item as an agent sees it: the fields it needs, cleaned and cut to their caps. */
export const itemSchema = z.object({
  id: z.string().describe("the item's id (a story's public id for stories)"),
  title: z.string().nullable(),
  summary: z.string().nullable(),
  source: z.string().nullable().describe("the source's name"),
  time: z.string().nullable().describe("published (else discovered) time, ISO 8601"),
  link: z.string().nullable().describe("the original article, else the feed's page"),
});

/** An item as an agent sees it. */
export type AgentItem = z.infer<typeof itemSchema>;

type Loose = Record<string, unknown> | null | undefined;
const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** Trims any feed object that looks like an item (items, hot topics, story reports, daily entries). */
export function trimItem(raw: Loose): AgentItem {
  const links = field(raw, "links");
  return {
    id: clip(field(raw, "id") ?? field(raw, "publicId"), L.fieldChars) ?? "",
    title: clip(field(raw, "title") ?? field(raw, "originalTitle"), L.titleChars),
    summary: clip(field(raw, "summary") ?? field(raw, "digest"), L.summaryChars),
    source: clip(field(field(raw, "source"), "name"), L.fieldChars),
    time: clip(field(raw, "publishedAt") ?? field(raw, "discoveredAt") ?? field(raw, "latestAt")),
    link: clip(field(links, "original") ?? field(links, "aihot"), L.fieldChars),
  };
}

/** The first `max` entries of `list` (none when it is not an array). */
export function first<T>(list: unknown, max: number): T[] {
  return Array.isArray(list) ? (list.slice(0, max) as T[]) : [];
}

/** The first `max` entries of `list`, each trimmed as an item. */
export const trimmed = (list: unknown, max: number): AgentItem[] =>
  first<Loose>(list, max).map(trimItem);

/** A number, or null. */
export const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** `field` for the tool modules. */
export { field };

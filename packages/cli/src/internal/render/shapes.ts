import { createError, type ResponseMeta } from "@feedgate/kit";
import { cleanForTerminal } from "../cli/terminal-safe.js";

/**
 * What a renderer reads from an answer, declared once beside it: a 200 whose body lacks one of
 * these fields (or holds the wrong type) is the server's fault and is reported as
 * `invalid_response` naming the field, before anything is printed, instead of a TypeError from
 * deep inside a table. The kit checks each operation's top level; this checks as deep as the
 * renderers read. Fields a renderer shows as "-" when absent are `optional`.
 */
export type Shape =
  | "string"
  | "number"
  | "boolean"
  | "any"
  | Optional
  | readonly [Shape]
  | { readonly [field: string]: Shape };

interface Optional {
  readonly optional: Shape;
}

/** A field that may be absent or null. */
export const optional = (shape: Shape): Optional => ({ optional: shape });

function isOptional(shape: Shape): shape is Optional {
  return typeof shape === "object" && !Array.isArray(shape) && "optional" in shape;
}

function typeName(shape: Shape): string {
  if (typeof shape === "string") return shape === "any" ? "present" : `a ${shape}`;
  if (Array.isArray(shape)) return "an array";
  return "an object";
}

/** The first field of `value` that does not match `shape` (as `items[0].title`), or undefined. */
export function shapeMismatch(value: unknown, shape: Shape, path = ""): string | undefined {
  if (isOptional(shape))
    return value === undefined || value === null
      ? undefined
      : shapeMismatch(value, shape.optional, path);
  const wrong = () => `\`${path || "body"}\` is not ${typeName(shape)}`;
  if (shape === "any") return value === undefined ? wrong() : undefined;
  if (typeof shape === "string")
    return typeof value === shape && !(shape === "number" && Number.isNaN(value))
      ? undefined
      : wrong();
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return wrong();
    for (let i = 0; i < value.length; i++) {
      const problem = shapeMismatch(value[i], shape[0], `${path}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return wrong();
  for (const [field, inner] of Object.entries(shape as Record<string, Shape>)) {
    const problem = shapeMismatch(
      (value as Record<string, unknown>)[field],
      inner,
      path ? `${path}.${field}` : field,
    );
    if (problem) return problem;
  }
  return undefined;
}

const source = { name: "string" } as const;

/** What `renderHotTopics` reads. */
export const HOT_TOPICS: Shape = {
  items: [
    {
      rank: "number",
      title: "string",
      sourceNames: ["string"],
      sourceCount: "number",
      latestAt: optional("string"),
    },
  ],
};

/** What `renderItems` reads of one item. */
export const ITEM: Shape = {
  title: "string",
  discoveredAt: "string",
  publishedAt: optional("string"),
  selected: optional("boolean"),
  source,
  category: optional("string"),
  score: optional("number"),
};

/** What `renderDaily` reads of a report. */
export const DAILY_REPORT: Shape = {
  date: "string",
  generatedAt: optional("string"),
  windowStart: optional("string"),
  windowEnd: optional("string"),
  lead: optional({ title: "string", leadParagraph: "string" }),
  sections: [
    { label: "string", items: [{ title: "string", source, summary: optional("string") }] },
  ],
  flashes: [{ publishedAt: optional("string"), title: "string", source }],
  links: { aihot: "string" },
};

/** What `renderDailies` reads. */
export const DAILIES: Shape = {
  items: [{ date: "string", leadTitle: optional("string"), generatedAt: optional("string") }],
};

const neighbor = { title: "string", publicId: "string" } as const;
/** What `renderStory` reads. */
export const STORY: Shape = {
  title: "string",
  status: "any",
  reportCount: "number",
  sourceCount: "number",
  firstReportAt: optional("string"),
  latestAt: optional("string"),
  publicId: "string",
  links: { aihot: "string" },
  digest: optional("string"),
  reports: [
    {
      source: { name: "string", firstParty: optional("boolean") },
      publishedAt: optional("string"),
      title: "string",
    },
  ],
  storyline: [neighbor],
  related: [neighbor],
};

const range = {
  from: optional("string"),
  through: optional("string"),
  label: optional("string"),
} as const;
/** What `renderResetEvent` reads of one event. */
export const RESET_EVENT: Shape = {
  id: "string",
  title: "string",
  status: "any",
  presentation: optional({ status: optional("string") }),
  label: optional("string"),
  displayLabel: optional("string"),
  scope: optional("string"),
  schedule: optional({ ...range, precision: optional("string") }),
  estimate: optional(range),
  confirmedAt: optional("string"),
  confirmationBasis: optional("string"),
  occurredOn: optional("string"),
  updatedAt: optional("string"),
  posts: [
    {
      publishedAt: optional("string"),
      stage: optional("string"),
      text: "string",
      originalText: optional("string"),
    },
  ],
};

/** What `renderResetChange` reads. */
export const RESET_CHANGE: Shape = {
  event: optional(RESET_EVENT),
  previous: optional(RESET_EVENT),
};

/** What `renderResets` reads. */
export const RESETS: Shape = {
  today: optional("string"),
  checkedAt: optional("string"),
  count: optional("number"),
  historyFrom: optional("string"),
  events: [RESET_EVENT],
};

/**
 * Checked as deep as a renderer reads, then made safe to print: an answer that does not match
 * throws `invalid_response` (code `unexpected_shape`) naming the first field a renderer would trip on.
 */
export function renderable<T>(
  value: T,
  shape: Shape,
  what: string,
  meta?: Partial<Pick<ResponseMeta, "status" | "requestId">>,
): T {
  const problem = shapeMismatch(value, shape);
  if (problem !== undefined)
    throw createError({
      kind: "invalid_response",
      code: "unexpected_shape",
      status: meta?.status,
      requestId: meta?.requestId,
      message: `${what}: the answer's ${problem}`,
    });
  return cleanForTerminal(value);
}

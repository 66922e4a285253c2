import { STORY_ID_PATTERN } from "@feedgate/kit/feed";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { errorResult } from "./errors.js";
import type { ServerKit } from "./kit.js";
import { type Answer, dailyAnswer, hotAnswer, resetsAnswer, storyAnswer } from "./tools.js";
import {
  RESOURCE_OPERATIONS,
  type ResourceUri,
  type ResourceWatchers,
  STORY_URI_PREFIX,
  storyOfUri,
} from "./watchers.js";

/** A fixed resource: its name, title and description, and how it is read. */
type Resource = {
  name: string;
  title: string;
  description: string;
  read(kit: ServerKit, signal: AbortSignal): Promise<Answer>;
};

const RESOURCES: Record<keyof typeof RESOURCE_OPERATIONS, Resource> = {
  "feedgate://hot-topics": {
    name: "hot-topics",
    title: "Hot topics",
    description:
      "The current top 10 hot topics of AI news (trimmed). Subscribe to hear when they change.",
    read: async (kit, signal) => hotAnswer((await kit.hotTopics({ signal })).data),
  },
  "feedgate://daily/latest": {
    name: "daily-latest",
    title: "Latest daily report",
    description:
      "The latest daily AI news report (trimmed). Subscribe to hear when a new one is published.",
    read: async (kit, signal) => dailyAnswer((await kit.latestDaily({ signal })).data.report),
  },
  "feedgate://resets/recent": {
    name: "resets-recent",
    title: "Recent Codex reset calendar",
    description:
      "The Codex reset calendar's last 7 days and open events (trimmed). Subscribe to hear when it changes.",
    read: async (kit, signal) =>
      resetsAnswer((await kit.codexResetsRecent({ signal })).data, "recent"),
  },
};

/** A fixed resource's URI, or a story's with a valid id. */
const isResourceUri = (uri: string): uri is ResourceUri =>
  Object.hasOwn(RESOURCE_OPERATIONS, uri) ||
  (uri.startsWith(STORY_URI_PREFIX) && STORY_ID_PATTERN.test(uri.slice(STORY_URI_PREFIX.length)));

/** Reads a resource as a JSON text content, a failure as a JSON-RPC error (cleaned and capped like a tool's). */
async function contentsOf(uri: string, read: () => Promise<Answer>) {
  let answer: Answer;
  try {
    answer = await read();
  } catch (error) {
    throw new Error(errorResult(error).content[0]!.text.replace("\n", " — "));
  }
  const text = JSON.stringify(answer.structured);
  return { contents: [{ uri, mimeType: "application/json", text }] };
}

/**
 * Registers the three subscribable resources, the story template (`feedgate://stories/{id}`)
 * and the subscribe / unsubscribe handlers: a subscription adds this session as a listener of
 * the shared watcher, and each change is sent as `notifications/resources/updated`. Closing the
 * session unsubscribes it.
 */
export function registerResources(
  server: McpServer,
  kit: ServerKit,
  watchers: ResourceWatchers,
): void {
  for (const [uri, { name, title, description, read }] of Object.entries(RESOURCES) as Array<
    [ResourceUri, Resource]
  >) {
    server.registerResource(
      name,
      uri,
      { title, description, mimeType: "application/json" },
      (_url, extra) => contentsOf(uri, () => read(kit, extra.signal)),
    );
  }
  server.registerResource(
    "story",
    new ResourceTemplate(`${STORY_URI_PREFIX}{publicId}`, { list: undefined }),
    {
      title: "A story",
      description:
        "A story (an event reported by several sources), trimmed as get_story returns it. Subscribe to hear when it changes (its digest is rewritten as the event evolves; merges are followed).",
      mimeType: "application/json",
    },
    (url, _vars, extra) =>
      contentsOf(url.href, async () =>
        storyAnswer(await kit.getStory(storyOfUri(url.href) ?? "", { signal: extra.signal })),
      ),
  );
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  const subscriptions = new Map<ResourceUri, () => void>();
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    if (!isResourceUri(uri))
      throw new Error(
        `no subscribable resource ${JSON.stringify(uri.slice(0, 100))}; subscribe to one of ${Object.keys(RESOURCES).join(", ")} or ${STORY_URI_PREFIX}{id}`,
      );
    if (!subscriptions.has(uri)) {
      subscriptions.set(
        uri,
        watchers.subscribe(uri, () => {
          void server.server.sendResourceUpdated({ uri }).catch(() => {});
        }),
      );
    }
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    if (isResourceUri(uri)) {
      subscriptions.get(uri)?.();
      subscriptions.delete(uri);
    }
    return {};
  });
  const closed = server.server.onclose;
  server.server.onclose = () => {
    for (const stop of subscriptions.values()) stop();
    subscriptions.clear();
    closed?.();
  };
}

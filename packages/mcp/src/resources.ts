import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { errorResult } from "./errors.js";
import type { ServerKit } from "./kit.js";
import { type Answer, dailyAnswer, hotAnswer, resetsAnswer } from "./tools.js";
import { RESOURCE_OPERATIONS, type ResourceUri, type ResourceWatchers } from "./watchers.js";

const RESOURCES: Record<
  ResourceUri,
  {
    name: string;
    title: string;
    description: string;
    read(kit: ServerKit, signal: AbortSignal): Promise<Answer>;
  }
> = {
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

const isResourceUri = (uri: string): uri is ResourceUri => Object.hasOwn(RESOURCE_OPERATIONS, uri);

/**
 * Registers the three subscribable resources and the subscribe / unsubscribe handlers: a
 * subscription adds this session as a listener of the shared watcher, and each change is sent
 * as `notifications/resources/updated`. Closing the session unsubscribes it.
 */
export function registerResources(
  server: McpServer,
  kit: ServerKit,
  watchers: ResourceWatchers,
): void {
  for (const [uri, resource] of Object.entries(RESOURCES) as Array<
    [ResourceUri, (typeof RESOURCES)[ResourceUri]]
  >) {
    server.registerResource(
      resource.name,
      uri,
      { title: resource.title, description: resource.description, mimeType: "application/json" },
      async (_url, extra) => {
        let answer: Answer;
        try {
          answer = await resource.read(kit, extra.signal);
        } catch (error) {
          // A read has no isError result: the error goes back as a JSON-RPC error, cleaned and capped like a tool's.
          throw new Error(errorResult(error).content[0]!.text.replace("\n", " — "));
        }
        return {
          contents: [
            { uri, mimeType: "application/json", text: JSON.stringify(answer.structured) },
          ],
        };
      },
    );
  }
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  const subscriptions = new Map<ResourceUri, () => void>();
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    if (!isResourceUri(uri))
      throw new Error(
        `no subscribable resource ${JSON.stringify(uri.slice(0, 100))}; subscribe to one of ${Object.keys(RESOURCES).join(", ")}`,
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

import { feedKitOf } from "../cli/feed-kit.js";
import type { CommandContext } from "../cli/runner.js";
import { VERSION } from "../version.js";

/** Lines of each tool result the demo shows. */
const SHOWN_LINES = 4;

/**
 * The demo's MCP section: the server `feedgate mcp` runs, on the feed fake, and an MCP client
 * session with it (in-process, over the SDK's in-memory channel pair, its `InMemoryTransport`): it lists the tools, then
 * calls hot_topics and get_story on the merged story, as an agent would. The MCP SDK is
 * loaded here, on use.
 */
export async function runMcpSession(ctx: CommandContext, mergedStory: string): Promise<void> {
  const { out } = ctx;
  const c = out.color;
  const [{ Client }, { InMemoryTransport }, { createFeedMcpServer }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/inMemory.js"),
    import("@feedgate/mcp"),
  ]);
  const server = createFeedMcpServer({ kit: feedKitOf(ctx) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "feedgate-demo", version: VERSION });
  try {
    await client.connect(clientSide);
    const { tools } = await client.listTools({}, { signal: ctx.signal });
    out.print(`${c.dim("tools/list →")} ${tools.map((t) => t.name).join(", ")}`);
    for (const [name, args] of [
      ["hot_topics", {}],
      ["get_story", { id: mergedStory }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        signal: ctx.signal,
      });
      const text = (result.content as Array<{ type: string; text?: string }>)
        .map((block) => block.text ?? "")
        .join("\n");
      const lines = text.split("\n");
      out.print(
        `${c.dim(`tools/call ${name} ${JSON.stringify(args)} →${result.isError ? " (isError)" : ""}`)}`,
      );
      for (const line of lines.slice(0, SHOWN_LINES)) out.print(`  ${line}`);
      if (lines.length > SHOWN_LINES)
        out.print(
          c.dim(`  … ${lines.length - SHOWN_LINES} more lines, and the same as structuredContent`),
        );
    }
  } finally {
    await client.close();
    await server.close();
  }
}

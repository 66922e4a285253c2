// A stand-in for the feed service's published document: our committed structure dressed in
// "upstream" prose and samples (marked UPSTREAM_WORDS) at every kind of place the real one has
// them, served from 127.0.0.1 like the service's /openapi-v1.json.
import { readFileSync, writeFileSync } from "node:fs";
import { startHttpServer } from "@feedgate/test-harness";
import { parse, stringify } from "yaml";

export const UPSTREAM_WORDS = "upstream-prose-marker";

// biome-ignore lint/suspicious/noExplicitAny: untyped JSON documents, walked by path.
type Json = Record<string, any>;

/** A copy of `structure` with upstream descriptions, summaries, titles and examples added. */
export function withUpstreamProse(structure: Json): Json {
  const doc = structuredClone(structure);
  doc.info.title = `${UPSTREAM_WORDS} title`;
  doc.info.description = `${UPSTREAM_WORDS} info`;
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const op of Object.values<Json>(item)) {
      op.summary = `${UPSTREAM_WORDS} ${path}`;
      op.description = `${UPSTREAM_WORDS} ${path}`;
      for (const p of op.parameters ?? [])
        if (!p.$ref)
          Object.assign(p, { description: `${UPSTREAM_WORDS} ${p.name}`, example: UPSTREAM_WORDS });
      for (const response of Object.values<Json>(op.responses ?? {})) {
        if (response.$ref) continue;
        response.description = `${UPSTREAM_WORDS} response`;
        for (const media of Object.values<Json>(response.content ?? {}))
          media.examples = {
            upstream: { summary: UPSTREAM_WORDS, value: { note: UPSTREAM_WORDS } },
          };
      }
    }
  }
  for (const schema of Object.values<Json>(doc.components?.schemas ?? {})) {
    Object.assign(schema, {
      title: `${UPSTREAM_WORDS} schema`,
      description: `${UPSTREAM_WORDS} schema`,
      "x-upstream": UPSTREAM_WORDS,
    });
    for (const property of Object.values<Json>(schema.properties ?? {}))
      if (!property.$ref)
        Object.assign(property, {
          description: `${UPSTREAM_WORDS} property`,
          examples: [UPSTREAM_WORDS],
        });
  }
  return doc;
}

/** Serves `doc` as /openapi-v1.json on 127.0.0.1 (any other path: 404). */
export async function serveDocument(
  doc: Json,
): Promise<{ base: string; close: () => Promise<void> }> {
  const body = JSON.stringify(doc);
  const server = await startHttpServer((req, res) => {
    if (req.url === "/openapi-v1.json")
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    else res.writeHead(404).end();
  });
  return { base: server.origin, close: server.close };
}

/**
 * What a maintainer does after an operation is gone upstream (the bundle names the overlay
 * targets left without a node): deletes the overlay's actions under that path.
 * Returns how many actions went.
 */
export function dropOverlayActionsUnder(overlayFile: string, path: string): number {
  const overlay = parse(readFileSync(overlayFile, "utf8"));
  const prefix = `$.paths['${path}']`;
  const kept = overlay.actions.filter(
    (a: { target: string }) =>
      a.target !== prefix &&
      !a.target.startsWith(`${prefix}.`) &&
      !a.target.startsWith(`${prefix}[`),
  );
  const dropped = overlay.actions.length - kept.length;
  writeFileSync(overlayFile, stringify({ ...overlay, actions: kept }, { lineWidth: 0 }));
  return dropped;
}

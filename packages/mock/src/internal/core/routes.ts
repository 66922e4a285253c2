/** What the router reads of an operation of a generated rule table: its method and path template. */
export interface OperationRule {
  readonly method: string;
  readonly path: string;
}

/** A request matched to an operation of a rule table, with its path parameters (raw, still percent-encoded). */
export interface RouteMatch<Op extends string> {
  route: Op;
  params: Record<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A router over the operations of a generated rule table (`FEED_RULES`, `GATEWAY_RULES`): each
 * path template becomes a pattern in which a `{parameter}` takes everything up to the
 * template's next character (`/` or the end: one segment; `{model}:generateContent`: up to the
 * `:`). Literal paths win over templates (`/dailies/latest` before `/dailies/{date}`).
 * `method` (upper case) must be the operation's, HEAD answering for GET; `undefined` matches
 * any method (the feed, whose handler answers 405 to writes itself).
 */
export function routerOf<Op extends string>(
  operations: Readonly<Record<Op, OperationRule>>,
): (method: string | undefined, path: string) => RouteMatch<Op> | undefined {
  const routes = (Object.entries(operations) as Array<[Op, OperationRule]>)
    .map(([route, { method, path }]) => {
      const names: string[] = [];
      const source = path.replace(
        /\{([^}]+)\}(.?)|[^{]+/g,
        (part, name: string | undefined, next: string) => {
          if (name === undefined) return escapeRegExp(part);
          names.push(name);
          return `([^/${next === "/" || next === "" ? "" : escapeRegExp(next)}]+)${escapeRegExp(next)}`;
        },
      );
      return {
        route,
        method: method.toUpperCase(),
        names,
        pattern: new RegExp(`^${source}$`),
        literal: names.length === 0,
      };
    })
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  return (method, path) => {
    for (const { route, method: wanted, names, pattern } of routes) {
      if (method !== undefined && method !== wanted && !(method === "HEAD" && wanted === "GET"))
        continue;
      const match = pattern.exec(path);
      if (match)
        return {
          route,
          params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string])),
        };
    }
    return undefined;
  };
}

/** The path of an operation with its parameters filled in (percent-encoded). */
export function pathOf(operation: OperationRule, params: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ""),
  );
}

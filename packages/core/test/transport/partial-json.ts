/** A JSON 200 whose body sends `first`, then fails with `end`, or (without it) never ends. */
export const partialJson = (first: string, end?: Error) => () =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(first));
        if (end) c.error(end);
      },
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );

import type { FeedFake } from "@feedgate/mock";
import { describe, expect, it } from "vitest";
import { postgresTestBed, until } from "../support/bed.js";

// Issue 21, item 3: a fleet loop that keeps failing says so (onError with the count in a row,
// status() with the last error), where a store refuses every page or a feed answers errors.

const bed = postgresTestBed("hf");
const { freshSchema, admin } = bed;
const open = bed.store;
let fake: FeedFake;

describe("a loop that keeps failing says so (issue 21, item 3)", () => {
  it("a store that refuses every snapshot page: onError is called with failures in a row, status() shows the last error", async () => {
    fake = await bed.feed({ data: "empty", cacheControl: { selectedChanges: 1 } });
    for (let i = 0; i < 10; i++) fake.selected.upsert({ id: `m${i}`, title: `t${i}` } as never);
    const schema = freshSchema();
    // What an index row too large did: PostgreSQL refuses the page, every time (raised where
    // every page ends, the state row's pending cursor: a pending generation has a table of its own).
    (await open({ schema })).close();
    const sql = admin();
    await sql.unsafe(
      `create function "${schema}".refuse() returns trigger language plpgsql as $$ begin raise exception 'index row size exceeds maximum' using errcode = '54000'; end $$`,
    );
    await sql.unsafe(
      `create trigger refuse before update on "${schema}".state for each row when (new.pending_cursor is distinct from old.pending_cursor and new.pending_cursor is not null) execute function "${schema}".refuse()`,
    );
    await sql.end();
    const heard: Array<{ resource: string; kind: string; message: string; failures: number }> = [];
    const member = await bed.member({
      schema,
      feedUrl: fake.url,
      resources: ["mirror"],
      checkMs: 100,
      onError: (resource, e, failures) =>
        heard.push({ resource, kind: e.kind, message: e.message, failures }),
    });
    await until(() => heard.length >= 2);
    expect(heard[0]).toMatchObject({ resource: "mirror", kind: "invalid_request", failures: 1 });
    expect(heard[0]!.message).toMatch(/storing a snapshot page: index row size exceeds maximum/);
    expect(heard[1]!.failures).toBe(2);
    const [status] = member.status();
    expect(status).toMatchObject({ resource: "mirror", failures: expect.any(Number) });
    expect(status!.failures).toBeGreaterThanOrEqual(2);
    expect(status!.lastError?.error.code).toBe("54000");
  });

  it("a poller whose answers cannot be stored, or are refused, reports each failure", async () => {
    fake = await bed.feed({ cacheControl: { hotTopics: 1 } });
    fake.faults.add({
      route: "hotTopics",
      fault: { type: "status", status: 500 },
      times: 100,
    } as never);
    const heard: string[] = [];
    const member = await bed.member({
      schema: freshSchema(),
      feedUrl: fake.url,
      resources: ["hotTopics"],
      checkMs: 100,
      kit: { retry: { maxRetries: 0 } },
      onError: (_, e) => heard.push(e.kind),
    });
    await until(() => heard.length >= 1);
    expect(heard[0]).toBe("server");
    expect(member.status()[0]!.lastError?.error.status).toBe(500);
  });
});

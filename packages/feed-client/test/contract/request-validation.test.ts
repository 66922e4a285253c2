import { describe, expect, inject, it } from "vitest";

// Prism validates every request against the document. These requests break it on purpose
// (the typed client would not compile them), so a green suite, where no other answer carries
// sl-violations, means the client sends spec-valid requests.
describe("Prism flags requests that break the document", () => {
  const cases = [
    { name: "limit below its minimum", path: "/api/v1/items?limit=0" },
    { name: "an enum value that does not exist", path: "/api/v1/items?mode=everything" },
    {
      name: "a snapshot field set that does not exist",
      path: "/api/v1/selected/snapshot?fields=everything",
    },
    { name: "a dailies limit above its maximum", path: "/api/v1/dailies?limit=1000" },
  ];
  for (const { name, path } of cases) {
    it(name, async () => {
      const response = await fetch(inject("prismUrl") + path);
      const violations = response.headers.get("sl-violations");
      expect(violations).not.toBeNull();
      expect(JSON.parse(violations!)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ location: expect.arrayContaining(["request", "query"]) }),
        ]),
      );
      // The operations declare 400, so Prism answers with it (422 only where 400 is undeclared).
      expect(response.status).toBe(400);
      await response.body?.cancel();
    });
  }

  it("a valid request carries no violations", async () => {
    const response = await fetch(`${inject("prismUrl")}/api/v1/items?mode=all&limit=5`);
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});

import { createPrng, prngUuid } from "../core/prng.js";
import { pathOf } from "../core/routes.js";
import { DOCUMENT_OPERATIONS } from "./routes.js";
import type { FeedState } from "./state.js";
import type { DailyReport, FakeItem, HotTopic, ResetEvent, Story } from "./types.js";
import { beijingDate, isoBeijing, isoUtc } from "./wire.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOPICS = [
  "agents",
  "reasoning",
  "benchmark",
  "robotics",
  "open weights",
  "inference",
  "safety",
  "vision",
];
const SOURCES = [
  "Example Lab Blog",
  "Sample Research",
  "Demo News",
  "Placeholder Weekly",
  "Test Wire",
];

/**
 * How long before its discovery item `i` was published: mostly minutes to hours (`usual`), but,
 * as the service's timeline rule says, some items arrive late. Item 5 (and every 13th after it)
 * was published 71 h before it was discovered: still placed at its discovery time. Item 9 (and
 * every 17th after it) was back-filled 80 h after publication: the timeline keeps its
 * publication time.
 */
function publicationDelayMs(i: number, usual: number): number {
  if (i % 17 === 9) return 80 * HOUR;
  if (i % 13 === 5) return 71 * HOUR;
  return usual;
}

/** How much the "seeded" data set holds (all generated, nothing copied from the real service). */
export const SEEDED_COUNTS = {
  items: 60,
  hotTopics: 12,
  stories: 4,
  dailies: 5,
  resets: 3,
} as const;

/**
 * Fills `state` with a small synthetic data set derived only from `seed` and the clock's start:
 * 60 items over the last ~7.3 days (every third selected, so some fall out of the 7d window
 * and more leave it as the clock moves; a few published up to 72 h before they were discovered,
 * and a few back-filled later than that, which the timeline places at their publication time), 12 hot topics (10 served), 4 stories (the fourth
 * merged into the first), 5 daily reports, 3 reset events, and a selected set built through
 * the ledger (20 upserts, 2 updates, 2 removes).
 */
export function seedFeed(state: FeedState, seed: number): void {
  const prng = createPrng(seed ^ 0x5eed);
  const now = state.clock.now();
  const site = state.siteUrl;
  const ids = new Set<string>();
  const newId = () => {
    let id: string;
    do id = `c${prng.word(24)}`;
    while (ids.has(id));
    ids.add(id);
    return id;
  };

  const items: FakeItem[] = [];
  for (let i = 0; i < SEEDED_COUNTS.items; i++) {
    const id = newId();
    const topic = TOPICS[i % TOPICS.length] as string;
    const discovered = now - i * 2.9 * HOUR - prng.int(1, 30) * 60_000;
    const selected = i % 3 === 0;
    items.push({
      id,
      title: `Synthetic report ${i + 1} on ${topic}`,
      originalTitle: i % 4 === 0 ? null : `Original headline ${i + 1} (${topic})`,
      summary: i % 5 === 4 ? null : `Generated summary number ${i + 1} about ${topic}, for tests.`,
      source: { name: prng.pick(SOURCES) },
      links: {
        aihot: `${site}/items/${id}`,
        original: `https://source.example/${topic.replace(" ", "-")}/${i + 1}`,
      },
      publishedAt:
        i % 7 === 6
          ? null
          : isoUtc(discovered - publicationDelayMs(i, prng.int(0, 6 * 60) * 60_000)),
      discoveredAt: isoUtc(discovered),
      category: i % 11 === 10 ? null : (state.categories[i % state.categories.length] ?? null),
      score: i % 9 === 8 ? null : prng.int(20, 99),
      selected,
      reason: selected ? `Picked because it covers ${topic}.` : null,
    });
  }
  state.items.set(items);

  const storyIds = Array.from({ length: SEEDED_COUNTS.stories }, () => prngUuid(prng));
  const stories: Story[] = storyIds.map((publicId, s) => {
    const latestAt = now - (s + 1) * 5 * HOUR;
    const reports = [0, 1, 2].map((r) => {
      const item = items[s * 3 + r] as FakeItem;
      return {
        id: item.id,
        title: item.title,
        summary: item.summary,
        source: { name: item.source.name, firstParty: r === 0 },
        publishedAt: isoUtc(latestAt - r * HOUR),
        links: { aihot: item.links.aihot, original: item.links.original },
      };
    });
    return {
      publicId,
      title: `Synthetic story ${s + 1}`,
      status: "active",
      sourceCount: 3,
      reportCount: reports.length,
      firstReportAt: isoUtc(latestAt - 2 * HOUR),
      latestAt: isoUtc(latestAt),
      latest: reports[0]?.title ?? "",
      digest: s % 2 === 0 ? `Digest of synthetic story ${s + 1}.` : null,
      digestUpdatedAt: s % 2 === 0 ? isoUtc(latestAt) : null,
      links: { aihot: `${site}/story/${publicId}` },
      reports,
      storyline: [],
      related: storyIds
        .filter((other) => other !== publicId)
        .slice(0, 1)
        .map((other) => ({
          publicId: other,
          title: `Synthetic story ${storyIds.indexOf(other) + 1}`,
          relation: "related",
          links: {
            aihot: `${site}/story/${other}`,
            api: `${site}${pathOf(DOCUMENT_OPERATIONS.storyByPublicId, { publicId: other })}`,
          },
        })),
    };
  });
  for (const story of stories) state.stories.set(story.publicId, story);
  // The last story was merged into the first: its id answers 308.
  const merged = storyIds[storyIds.length - 1] as string;
  state.stories.delete(merged);
  state.merges.set(merged, storyIds[0] as string);

  const hot: HotTopic[] = [];
  for (let r = 0; r < SEEDED_COUNTS.hotTopics; r++) {
    const item = items[r * 2] as FakeItem;
    // Ranks 1..4 link stories 0..3 (rank 4 → the merged one); rank 5 has no story link.
    const story = r === 4 ? undefined : storyIds[r < storyIds.length ? r : r % 3];
    hot.push({
      rank: Math.min(r + 1, 10),
      id: item.id,
      title: item.title,
      source: item.source,
      links: { ...item.links, ...(story ? { story: `${site}/story/${story}` } : {}) },
      sourceCount: prng.int(1, 9),
      signalCount: prng.int(1, 40),
      participantCount: prng.int(0, 20),
      sourceNames: [item.source.name],
      latestAt: item.discoveredAt,
    });
  }
  state.hotTopics = hot;

  const dailies: DailyReport[] = [];
  for (let d = 1; d <= SEEDED_COUNTS.dailies; d++) {
    const date = beijingDate(now - d * DAY);
    // Published 08:00 Asia/Shanghai = 00:00Z of that date.
    const generated = Date.parse(`${date}T00:00:00Z`);
    const entry = items[d] as FakeItem;
    dailies.push({
      date,
      generatedAt: isoUtc(generated),
      windowStart: isoUtc(generated - DAY),
      windowEnd: isoUtc(generated),
      links: { aihot: `${site}/daily/${date}` },
      attribution: { name: state.siteName, url: `${site}/daily/${date}` },
      lead:
        d % 4 === 0
          ? null
          : {
              title: `Daily lead ${date}`,
              leadParagraph: `What happened on ${date}, in synthetic form.`,
            },
      sections: [
        {
          label: "Models",
          items: [
            {
              title: entry.title,
              summary: entry.summary ?? "",
              source: entry.source,
              links: { aihot: entry.links.aihot, original: entry.links.original },
            },
          ],
        },
      ],
      flashes: [
        {
          title: `Flash for ${date}`,
          source: { name: "Demo News" },
          links: { aihot: null, original: "https://source.example/flash" },
          publishedAt: isoUtc(generated - HOUR),
        },
      ],
    });
  }
  state.dailies = dailies;

  state.resets = [
    resetEvent(site, "evt-001", now - 20 * DAY, "confirmed"),
    resetEvent(site, "evt-002", now - 2 * DAY, "confirmed"),
    resetEvent(site, "evt-003", now - DAY, "announced"),
  ];
  state.resetsCheckedAt = now;

  // The selected set, built through the ledger so /selected/changes has history.
  const selected = items.filter((i) => i.selected);
  for (const [k, item] of selected.entries())
    state.selected.upsert({ ...item, reason: null }, now - (selected.length - k) * HOUR);
  const [first, second, third, fourth] = selected;
  if (first && second && third && fourth) {
    state.selected.upsert({ ...first, reason: null, score: 100 }, now - 30 * 60_000);
    state.selected.remove(second.id, now - 20 * 60_000);
    state.selected.upsert(
      { ...third, reason: null, title: `${third.title} (updated)` },
      now - 10 * 60_000,
    );
    state.selected.remove(fourth.id, now - 5 * 60_000);
  }
}

/** A synthetic reset event that satisfies the schema. */
export function resetEvent(
  site: string,
  id: string,
  updatedAt: number,
  status: "announced" | "confirmed",
): ResetEvent {
  const confirmed = status === "confirmed";
  return {
    id,
    type: confirmed ? "direct_reset" : "reset_credit",
    label: confirmed ? "全员重置" : "发重置卡",
    displayLabel: confirmed ? "Reset" : "Reset credit",
    presentation: {
      status: confirmed ? "confirmed" : "announced",
      scopeKnown: true,
      scopeLabel: "All users",
      kindExplicit: true,
      timeInferred: false,
    },
    estimate: confirmed
      ? null
      : {
          from: isoBeijing(updatedAt + 2 * HOUR),
          through: isoBeijing(updatedAt + 30 * HOUR),
          basis: "source",
          label: "Within a day",
          reason: "Announced in a synthetic post.",
        },
    status,
    title: confirmed ? "Synthetic reset confirmed" : "Synthetic reset announced",
    scope: "all",
    createdAt: isoBeijing(updatedAt - HOUR),
    updatedAt: isoBeijing(updatedAt),
    confirmedAt: confirmed ? isoBeijing(updatedAt) : null,
    occurredOn: confirmed ? beijingDate(updatedAt) : null,
    confirmationBasis: confirmed ? "source_post" : null,
    schedule: null,
    posts: [
      {
        id: `${id}-post-1`,
        publishedAt: isoBeijing(updatedAt - HOUR),
        stage: confirmed ? "confirmed" : "announced",
        text: "Synthetic post text.",
        originalText: "Synthetic original post text.",
        url: `https://social.example/posts/${id}`,
      },
    ],
    url: `${site}/codex-reset`,
  };
}

import type { DailyReport, HotTopic, Item, Story } from "@feedgate/feed-client";
import { DAY, HOUR, itemIdOf, MINUTE, utc, uuidOf } from "./time.js";

/**
 * The demo's feed data: synthesised for this project, shaped like the service's real
 * payloads (Chinese titles and summaries, source names as the site writes them, UTC times).
 * `site` is the embedded fake's origin, so every link points at it.
 */

const SOURCES = [
  "X：OpenAI (@OpenAI)",
  "公众号：机器之心",
  "Google DeepMind：Blog（RSS）",
  "IT之家（RSS）",
  "The Decoder：AI News（RSS）",
  "X：Hugging Face (@huggingface)",
  "MarkTechPost（RSS）",
  "公众号：量子位",
  "Anthropic：Newsroom（网页）",
  "arXiv：cs.CL（RSS）",
];

const CATEGORIES = ["ai-models", "ai-products", "industry", "paper", "tip"];

const HEADLINES = [
  "开源多模态模型发布：在图表理解基准上追平闭源旗舰",
  "新一代编程智能体上线：支持整仓重构与自动回归测试",
  "研究团队提出长上下文压缩方法，推理成本下降四成",
  "某云厂商宣布下调大模型 API 价格，最高降幅 60%",
  "论文：小模型通过自我博弈在数学竞赛题上显著提升",
  "图像生成模型更新：文字渲染与多图一致性明显改善",
  "语音助手接入实时翻译，支持 30 种语言同声传译",
  "芯片厂商公布新一代推理加速卡，能效比提升两倍",
  "开发者技巧：用结构化输出约束智能体的工具调用",
  "评测：主流模型在长文档问答上的幻觉率对比",
  "机器人基础模型开源，附带十万小时操作数据",
  "欧盟发布通用模型合规指引草案，征求意见两个月",
  "浏览器内置本地模型，网页可离线调用摘要能力",
  "代码补全服务引入仓库级检索，跨文件准确率提升",
  "视频生成模型支持一分钟长镜头与镜头语言控制",
  "搜索引擎上线 AI 模式，答案附带逐句来源引用",
];

const SUMMARIES = [
  "发布方公开了权重与评测脚本，社区复现结果与官方数据基本一致，许可证允许商用。",
  "新版本把规划、执行与验证拆成独立阶段，失败时自动回滚并给出差异说明。",
  "方法在不改动模型结构的前提下压缩键值缓存，长文档任务的精度损失在 1% 以内。",
  "官方表示降价来自推理集群的利用率提升，旧版本接口将在三个月后下线。",
];

function item(site: string, n: number, at: number, selected: boolean): Item {
  const id = itemIdOf(n);
  const headline = HEADLINES[n % HEADLINES.length]!;
  return {
    id,
    title:
      n < HEADLINES.length ? headline : `${headline}（后续 ${Math.floor(n / HEADLINES.length)}）`,
    originalTitle: n % 3 === 0 ? null : `Demo original title ${n}`,
    summary: SUMMARIES[n % SUMMARIES.length]!,
    source: { name: SOURCES[n % SOURCES.length]! },
    links: { aihot: `${site}/items/${id}`, original: `https://news.example.com/${id}` },
    publishedAt: n % 5 === 0 ? null : utc(at - 20 * MINUTE),
    discoveredAt: utc(at),
    category: CATEGORIES[n % CATEGORIES.length]!,
    score: 55 + ((n * 37) % 45),
    selected,
    reason: selected ? "多家来源交叉印证，且对开发者的日常工作有直接影响。" : null,
    attribution: { name: "AIHOT", url: `${site}/items/${id}` },
  };
}

/** Items of the last days: every third is an editorial pick ("selected"). */
export function demoItems(site: string, now: number, count = 36): Item[] {
  return Array.from({ length: count }, (_, n) =>
    item(site, n, now - (n + 1) * 2 * HOUR, n % 3 !== 2),
  );
}

/** The selected set the mirror copies: large enough for a few snapshot pages. */
export function demoSelectedSet(site: string, now: number, count = 1200): Item[] {
  return Array.from({ length: count }, (_, n) =>
    item(site, 10_000 + n, now - (n % 160) * HOUR - n * 1000, true),
  );
}

/** One more selected item, for changes that arrive while the mirror follows. */
export function demoSelectedItem(site: string, now: number, n: number): Item {
  return item(site, 20_000 + n, now, true);
}

/** The story the demo reaches through a merge redirect, and the id that was merged into it. */
export const MERGED_STORY_ID = uuidOf(7);
export const SURVIVING_STORY_ID = uuidOf(8);

export function demoStories(site: string, now: number): Story[] {
  const neighbour = (n: number, title: string, relation: string) => ({
    publicId: uuidOf(n),
    title,
    relation,
    links: { aihot: `${site}/story/${uuidOf(n)}`, api: `${site}/api/v1/stories/${uuidOf(n)}` },
  });
  const reports = [
    ["官方发布技术报告：开源多模态模型的训练数据与对齐细节", "公众号：机器之心", true, 1],
    [
      "社区复现：开源多模态模型在图表理解基准上的成绩属实",
      "X：Hugging Face (@huggingface)",
      false,
      5,
    ],
    ["开源多模态模型发布：在图表理解基准上追平闭源旗舰", "The Decoder：AI News（RSS）", false, 9],
    ["预告：某实验室将于本周开源多模态模型", "IT之家（RSS）", false, 30],
  ] as const;
  const main: Story = {
    publicId: SURVIVING_STORY_ID,
    title: "开源多模态模型发布并追平闭源旗舰",
    status: "active",
    sourceCount: 14,
    reportCount: 23,
    firstReportAt: utc(now - 30 * HOUR),
    latestAt: utc(now - 1 * HOUR),
    latest: reports[0][0],
    digest:
      "某实验室开源多模态模型，公开权重、训练数据说明与评测脚本；社区复现确认其在图表理解与文档问答基准上接近闭源旗舰，许可证允许商用。后续关注：推理成本与中文场景表现。",
    digestUpdatedAt: utc(now - 2 * HOUR),
    links: { aihot: `${site}/story/${SURVIVING_STORY_ID}` },
    reports: reports.map(([title, source, firstParty, hoursAgo], i) => ({
      id: itemIdOf(900 + i),
      title,
      summary: SUMMARIES[i % SUMMARIES.length]!,
      source: { name: source, firstParty },
      publishedAt: utc(now - hoursAgo * HOUR),
      links: {
        aihot: `${site}/items/${itemIdOf(900 + i)}`,
        original: `https://news.example.com/${itemIdOf(900 + i)}`,
      },
    })),
    storyline: [neighbour(9, "上一代多模态模型开源回顾", "storyline")],
    related: [
      neighbour(10, "图表理解基准更新：新增 2,000 道长图题", "related"),
      neighbour(11, "闭源旗舰模型降价", "related"),
    ],
  };
  // Every story the seed links (the other hot topics', the neighbours') resolves too: a
  // short one of its own, so `feedgate story` and MCP's get_story work on any id shown.
  const brief = (id: string, title: string): Story => ({
    ...main,
    publicId: id,
    title,
    sourceCount: 2,
    reportCount: 1,
    latest: title,
    digest: null,
    digestUpdatedAt: null,
    links: { aihot: `${site}/story/${id}` },
    reports: [{ ...main.reports[0]!, title }],
    storyline: [],
    related: [],
  });
  const linked = [...main.storyline, ...main.related].map((n) => brief(n.publicId, n.title));
  for (const topic of demoHotTopics(site, now).slice(1))
    linked.push(brief(topic.links.story!.split("/").pop()!, topic.title));
  return [main, ...linked];
}

/** Ten hot topics; the first points at the merged story id, so following it shows the redirect. */
export function demoHotTopics(site: string, now: number): HotTopic[] {
  return Array.from({ length: 10 }, (_, i) => {
    const id = itemIdOf(500 + i);
    const storyId = i === 0 ? MERGED_STORY_ID : uuidOf(100 + i);
    const names = SOURCES.slice(i % 4, (i % 4) + 3 + (i % 3));
    return {
      rank: i + 1,
      id,
      title: i === 0 ? "开源多模态模型发布并追平闭源旗舰" : HEADLINES[(i * 3) % HEADLINES.length]!,
      source: { name: names[0]! },
      links: {
        aihot: `${site}/items/${id}`,
        original: `https://news.example.com/${id}`,
        story: `${site}/story/${storyId}`,
      },
      sourceCount: 18 - i,
      signalCount: 30 - 2 * i,
      participantCount: 40 - 3 * i,
      sourceNames: names,
      latestAt: utc(now - (i + 1) * 37 * MINUTE),
    };
  });
}

/** Three daily reports, newest first; reports publish at 08:00 Beijing time (00:00 UTC). */
export function demoDailies(site: string, now: number): DailyReport[] {
  const midnight = Math.floor(now / DAY) * DAY;
  return [0, 1, 2].map((back) => {
    const end = midnight - back * DAY;
    const date = utc(end).slice(0, 10);
    const entry = (n: number) => ({
      title: HEADLINES[(n + back * 5) % HEADLINES.length]!,
      summary: SUMMARIES[(n + back) % SUMMARIES.length]!,
      source: { name: SOURCES[(n + back) % SOURCES.length]! },
      links: {
        aihot: `${site}/items/${itemIdOf(700 + n)}`,
        original: `https://news.example.com/${itemIdOf(700 + n)}`,
      },
    });
    return {
      date,
      generatedAt: utc(end + 24_913),
      windowStart: utc(end - DAY),
      windowEnd: utc(end),
      links: { aihot: `${site}/daily/${date}` },
      attribution: { name: "AIHOT", url: `${site}/daily/${date}` },
      lead: { title: entry(0).title, leadParagraph: entry(0).summary },
      sections: [
        { label: "模型发布", items: [entry(0), entry(1)] },
        { label: "论文研究", items: [entry(4)] },
        { label: "行业动态", items: [entry(3), entry(11)] },
      ],
      flashes: [{ ...entry(6), publishedAt: utc(end - 3 * HOUR) }],
    };
  });
}

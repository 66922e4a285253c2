import type { CodexResetEvent, CodexResetPost } from "@feedgate/feed-client";
import { beijing, beijingDate, DAY, HOUR, MINUTE } from "./time.js";

/**
 * The demo's reset calendar: synthesised events shaped like the service's (Beijing times with
 * +08:00, Chinese titles and translations next to the original posts). `calendarBefore` is
 * what the watch starts with; `calendarAfter` is the change that arrives during the watch:
 * the announced reset card is confirmed, a stale rumour is withdrawn, a new reset is announced.
 */

function post(
  site: string,
  id: string,
  at: number,
  stage: string,
  text: string,
  originalText: string,
): CodexResetPost {
  return {
    id,
    publishedAt: beijing(at),
    stage,
    text,
    originalText,
    url: `${site}/codex-reset#${id}`,
  };
}

function event(
  site: string,
  fields: Omit<CodexResetEvent, "url" | "label"> & { label?: CodexResetEvent["label"] },
): CodexResetEvent {
  return {
    label: fields.type === "direct_reset" ? "全员重置" : "发重置卡",
    ...fields,
    url: `${site}/codex-reset`,
  } as CodexResetEvent;
}

export function calendarBefore(site: string, now: number): CodexResetEvent[] {
  return [
    event(site, {
      id: "reset-demo-card",
      type: "reset_credit",
      displayLabel: "发放重置卡",
      presentation: {
        status: "announced",
        scopeKnown: true,
        scopeLabel: "Plus 与 Pro 订阅用户",
        kindExplicit: true,
        timeInferred: false,
        audienceZh: "Plus / Pro 用户",
        productsZh: "Codex 云端任务与 CLI",
      },
      estimate: {
        from: beijing(now + 2 * HOUR),
        through: beijing(now + 6 * HOUR),
        basis: "source",
        label: "今天下午",
        reason: "发帖人说明将在今天下午分批发放",
      },
      status: "announced",
      title: "Tibo 预告将发放重置卡",
      scope: "Plus 与 Pro 订阅用户",
      createdAt: beijing(now - 50 * MINUTE),
      updatedAt: beijing(now - 50 * MINUTE),
      confirmedAt: null,
      occurredOn: null,
      confirmationBasis: null,
      schedule: {
        precision: "window",
        from: beijing(now + 2 * HOUR),
        through: beijing(now + 6 * HOUR),
        label: "今天下午分批发放",
      },
      posts: [
        post(
          site,
          "post-d1",
          now - 50 * MINUTE,
          "announce",
          "我们今天下午会给所有 Plus 和 Pro 用户发放一张额度重置卡，分批到账。",
          "We're sending every Plus and Pro user a usage reset card this afternoon, rolling out in batches.",
        ),
      ],
    }),
    event(site, {
      id: "reset-demo-rumour",
      type: "direct_reset",
      displayLabel: "全员额度重置",
      presentation: {
        status: "announced",
        scopeKnown: false,
        scopeLabel: null,
        kindExplicit: false,
        timeInferred: true,
      },
      estimate: null,
      status: "announced",
      title: "Tibo 预告将重置额度",
      scope: "范围未说明",
      createdAt: beijing(now - 20 * HOUR),
      updatedAt: beijing(now - 20 * HOUR),
      confirmedAt: null,
      occurredOn: null,
      confirmationBasis: null,
      schedule: null,
      posts: [
        post(
          site,
          "post-r1",
          now - 20 * HOUR,
          "hint",
          "周末之前可能会再重置一次额度，敬请期待。",
          "might reset limits again before the weekend 👀",
        ),
      ],
    }),
    event(site, {
      id: "reset-demo-done",
      type: "direct_reset",
      displayLabel: "全员额度重置",
      presentation: {
        status: "confirmed",
        scopeKnown: true,
        scopeLabel: "所有付费计划",
        kindExplicit: true,
        timeInferred: false,
      },
      estimate: null,
      status: "confirmed",
      title: "额度重置已核实到账",
      scope: "所有付费计划",
      createdAt: beijing(now - 3 * DAY - 2 * HOUR),
      updatedAt: beijing(now - 3 * DAY),
      confirmedAt: beijing(now - 3 * DAY),
      occurredOn: beijingDate(now - 3 * DAY),
      confirmationBasis: "source_post",
      schedule: {
        precision: "exact",
        from: beijing(now - 3 * DAY - HOUR),
        through: beijing(now - 3 * DAY - HOUR),
        label: "已于当天上午完成",
      },
      posts: [
        post(
          site,
          "post-c2",
          now - 3 * DAY,
          "confirm",
          "所有付费计划的 Codex 额度已经重置完毕。",
          "Codex usage limits have now been reset for all paid plans.",
        ),
        post(
          site,
          "post-c1",
          now - 3 * DAY - 2 * HOUR,
          "announce",
          "一小时后为所有付费计划重置 Codex 额度。",
          "Resetting Codex limits for all paid plans in an hour.",
        ),
      ],
    }),
  ];
}

/** The calendar after the change: `now` anchors the unchanged events (as in `calendarBefore`), `at` is when the change happened. */
export function calendarAfter(site: string, now: number, at: number = now): CodexResetEvent[] {
  const [card, , done] = calendarBefore(site, now);
  const confirmed: CodexResetEvent = {
    ...card!,
    presentation: { ...card!.presentation!, status: "confirmed", reportedAt: beijing(at) },
    estimate: null,
    status: "confirmed",
    title: "重置卡已发放",
    updatedAt: beijing(at),
    confirmedAt: beijing(at),
    occurredOn: beijingDate(at),
    confirmationBasis: "source_post",
    posts: [
      post(
        site,
        "post-d2",
        at,
        "confirm",
        "重置卡已经全部发放，请在设置页查看。",
        "Reset cards are out for everyone — check your settings page.",
      ),
      ...card!.posts,
    ],
  };
  const announced = event(site, {
    id: "reset-demo-next",
    type: "direct_reset",
    displayLabel: "全员额度重置",
    presentation: {
      status: "announced",
      scopeKnown: true,
      scopeLabel: "Business 与 Enterprise",
      kindExplicit: true,
      timeInferred: false,
    },
    estimate: null,
    status: "announced",
    title: "Tibo 预告将重置额度",
    scope: "Business 与 Enterprise",
    createdAt: beijing(at),
    updatedAt: beijing(at),
    confirmedAt: null,
    occurredOn: null,
    confirmationBasis: null,
    schedule: {
      precision: "date",
      from: beijing(at + DAY),
      through: beijing(at + DAY + 6 * HOUR),
      label: "明天",
    },
    posts: [
      post(
        site,
        "post-n1",
        at,
        "announce",
        "明天也会为 Business 和 Enterprise 工作区重置额度。",
        "Business and Enterprise workspaces get a reset tomorrow too.",
      ),
    ],
  });
  // Newest update first, as the service orders them; the rumour is withdrawn (gone).
  return [confirmed, announced, done!];
}

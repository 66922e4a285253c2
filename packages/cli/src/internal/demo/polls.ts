import type { FeedFake, FeedRoute, RecordedRequest } from "@feedgate/mock";

/** Follows one route's answers in a feed fake's request log. */
export interface PollFollower {
  /** The statuses answered so far, in order. */
  statuses(): number[];
  /** Stops following (reads what was answered up to now first). */
  stop(): void;
}

/**
 * Calls `onAnswer` with every request to `route` the fake answers from now on, in arrival
 * order, shortly after its answer was made (the log is read every 20 ms). The demo uses it to
 * show what a watch does not print: the 304s of its conditional polls.
 */
export function followPolls(
  feed: FeedFake,
  route: FeedRoute,
  onAnswer: (record: RecordedRequest) => void,
): PollFollower {
  let next = feed.requests.length;
  const statuses: number[] = [];
  const read = () => {
    while (next < feed.requests.length) {
      const record = feed.requests[next]!;
      if (record.route === route) {
        if (record.status === 0) return; // still in flight: read it on a later tick
        statuses.push(record.status);
        onAnswer(record);
      }
      next += 1;
    }
  };
  const timer = setInterval(read, 20);
  return {
    statuses: () => [...statuses],
    stop() {
      clearInterval(timer);
      read();
    },
  };
}

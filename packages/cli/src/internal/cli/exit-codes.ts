/** The CLI's exit codes, as users of Unix tools expect them. */
export const EXIT = {
  /** Success. */
  ok: 0,
  /** A runtime failure: the service answered with an error, the network failed, a task failed. */
  failure: 1,
  /** A usage error: bad flags or input, caught before any request was sent. */
  usage: 2,
  /** Stopped by Ctrl-C (SIGINT), after a clean stop: 128 + 2. */
  interrupted: 130,
} as const;

/** One of the exit codes in {@link EXIT}. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

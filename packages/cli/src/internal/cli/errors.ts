/**
 * A usage error: bad flags, a missing setting or input that breaks a rule. Thrown before any
 * request is sent; exit code 2.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  /** What to do instead, shown as the hint line. */
  readonly hint: string | undefined;

  constructor(message: string, hint?: string) {
    super(message);
    this.hint = hint;
  }
}

/** The user pressed Ctrl-C: the command stopped cleanly; exit code 130. */
export class Interrupted extends Error {
  override readonly name = "Interrupted";
  constructor() {
    super("interrupted");
  }
}

/**
 * A failure with a known subject ("story 1234"), so the error line can say what failed.
 * `cause` keeps the original error for the status, code and request id.
 */
export class StepFailure extends Error {
  override readonly name = "StepFailure";
  readonly what: string;
  constructor(what: string, cause: unknown) {
    super(what, { cause });
    this.what = what;
  }
}

/** Runs one step of a command, labelling any failure with what was being done. */
export async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StepFailure || error instanceof UsageError || error instanceof Interrupted)
      throw error;
    throw new StepFailure(what, error);
  }
}

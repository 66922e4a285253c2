/**
 * %AsyncIteratorPrototype%, the prototype every async generator shares: it gives the iterator
 * `[Symbol.asyncIterator]()` (itself) and, where the platform has it, `[Symbol.asyncDispose]`.
 */
const ASYNC_ITERATOR_PROTOTYPE: object = Object.getPrototypeOf(
  Object.getPrototypeOf(async function* () {}).prototype,
);

const ignore = (): void => {};

/**
 * The items of a paged walk one by one, as
 * `async function* () { for await (const page of pages) for (const item of page.items) yield item; }`
 * would yield them — but an item already fetched costs one resolved promise instead of an async
 * generator's resumption (about half the time per item, and the walk yields every item). It
 * keeps that generator's behaviour: nothing is fetched before the first `next()`; calls made
 * while a page is being fetched wait their turn; `return()` (a `break`) and `throw()` close the
 * walk, so it fetches nothing more; a failed page rejects once, then the iterator is done.
 */
export function itemsOf<T>(
  pages: AsyncGenerator<{ readonly items: readonly T[] }, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  let items: readonly T[] = [];
  let index = 0;
  let finished = false;
  /** Calls not finished yet (a page being fetched, a close): later calls run after them, in order. */
  let pending = 0;
  /** Settles when the last of them has. */
  let tail: Promise<void> = Promise.resolve();

  function inTurn<R>(step: () => Promise<R>): Promise<R> {
    // Counted down as the step settles, before its caller resumes: its next call may take the
    // fast path at once.
    const run = async (): Promise<R> => {
      try {
        return await step();
      } finally {
        pending--;
      }
    };
    const result = pending++ === 0 ? run() : tail.then(run, run);
    tail = result.then(ignore, ignore);
    return result;
  }

  /** Ends the walk; the pages are closed unless they already ended. */
  function finish(): Promise<unknown> {
    const open = !finished;
    finished = true;
    items = [];
    return open ? pages.return() : Promise.resolve();
  }

  /**
   * The next item in hand. The page is let go with its last item, as a generator's loop lets go
   * of it: it is not kept alive (and copied by the collector) while the next one is fetched.
   */
  function take(): IteratorResult<T, void> {
    const value = items[index++] as T;
    if (index === items.length) {
      items = [];
      index = 0;
    }
    return { value, done: false };
  }

  async function pull(): Promise<IteratorResult<T, void>> {
    for (;;) {
      if (index < items.length) return take();
      if (finished) return { value: undefined, done: true };
      let page: IteratorResult<{ readonly items: readonly T[] }, void>;
      try {
        page = await pages.next();
      } catch (error) {
        // The pages ended by throwing: nothing to close.
        finished = true;
        throw error;
      }
      if (page.done) finished = true;
      else {
        items = page.value.items;
        index = 0;
      }
    }
  }

  const iterator = {
    next(): Promise<IteratorResult<T, void>> {
      // The common case: an item of the page in hand, nothing else under way.
      if (pending === 0 && index < items.length) return Promise.resolve(take());
      return inTurn(pull);
    },
    return(value?: void | PromiseLike<void>): Promise<IteratorResult<T, void>> {
      return inTurn(async () => {
        await finish();
        return { value: await value, done: true };
      });
    },
    throw(error: unknown): Promise<IteratorResult<T, void>> {
      return inTurn(async () => {
        // As a generator closing its loop on a throw: a failure to close is not the error to report.
        await finish().catch(ignore);
        throw error;
      });
    },
  };
  return Object.assign(Object.create(ASYNC_ITERATOR_PROTOTYPE), iterator) as AsyncGenerator<
    T,
    void,
    undefined
  >;
}

import type { ClientSettings } from './client';
import { InvoicingListOrderError, InvoicingProtocolError, isRefusal } from './errors';
import { IdSet } from './id-set';

/** Readings of a list whose order shifts (one growing at its head shifts in every pass). */
const MAX_PASSES = 3;

/** The records asked for by one request: `offset` and `limit` as the service reads them. */
export type PageRange = { offset: number; limit: number };

/** `fetchPage` is aborted through `signal` when the walk ends early or fails; `endpoint` names errors. */
export type PaginateOptions<T> = Pick<ClientSettings, 'pageSize' | 'concurrency' | 'maxPages'> & {
  fetchPage: (range: PageRange, signal: AbortSignal) => Promise<readonly T[]>;
  endpoint: string;
};

/**
 * Every record of an offset/limit list, each once (by `id`), in the order pages arrive. The spec shows
 * neither the largest `limit` nor the sort order, so the walk assumes neither:
 * - the first page is asked alone; once the list proves longer, `concurrency` pages are asked ahead;
 * - a short page is not the end: the rest of its range is asked again, and until a page as long as
 *   `pageSize` comes back (a silent cap), the longest page so far is the step;
 * - the end is an empty page once every offset before it was answered, or a refused offset (a 404) where
 *   a short page ended; after a full page, the offset before is probed with a limit of 2;
 * - a record met twice in one pass means the order shifted, and another may have been skipped: the list
 *   is read again, yielding only new records, until a pass holds its order or finds nothing new.
 */
export async function* paginate<T extends { id: string }>(
  options: PaginateOptions<T>,
): AsyncGenerator<T, void> {
  const yielded = new IdSet();
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    // The first pass's records are all new: one set serves both.
    const outcome = yield* readListOnce(options, yielded, pass === 1 ? yielded : new IdSet());
    if (!outcome.shifted || (pass > 1 && outcome.added === 0)) return;
    // New records within a page of the head are a list that grew while it was read, which may end the
    // walk; deeper ones are old records that earlier passes missed, and others may be missing still.
    if (pass === MAX_PASSES && outcome.deepestAdded >= outcome.added + options.pageSize) {
      throw new InvoicingListOrderError(
        `The invoicing service listed ${options.endpoint} in a different order at each reading: after ${MAX_PASSES} readings it still brought records not seen before, ${outcome.added} of them and one as far in as offset ${outcome.deepestAdded}, so others may still be missing. Try again later; if this persists, the service does not keep its lists in one order`,
        { endpoint: options.endpoint },
      );
    }
  }
}

/**
 * One pass: yields the records `yielded` has not had (adding them), telling its own repeats by `seenIds`.
 * Returns whether a record came back twice (the order shifted), how many records no earlier pass had
 * yielded, and the largest offset of one (-1 for none).
 */
async function* readListOnce<T extends { id: string }>(
  options: PaginateOptions<T>,
  yielded: IdSet,
  seenIds: IdSet,
): AsyncGenerator<T, { shifted: boolean; added: number; deepestAdded: number }> {
  const { fetchPage, pageSize, concurrency, maxPages, endpoint } = options;
  let shifted = false;
  let added = 0;
  let deepestAdded = -1;
  /** What a service that ignores offset answers every request with. */
  let firstPageIds: ReadonlySet<string> | undefined;
  /** Pages of new records waiting for the consumer. */
  const ready: T[][] = [];
  /** The unanswered rest of short pages. */
  const gaps: PageRange[] = [];
  const inFlight = new Map<PageRange, AbortController>();
  let nextOffset = 0;
  let largestPage = 0;
  /** Longer than one page: requests go ahead of answers. */
  let longList = false;
  /** The lowest offset answered with an empty page. */
  let endOffset = Number.POSITIVE_INFINITY;
  let pagesWithRecords = 0;
  /** Records the pass's pages brought, repeats included. */
  let recordsAnswered = 0;
  /** The lowest offset past 0 the service refused, with its error: no request goes further. */
  let firstRefused = Number.POSITIVE_INFINITY;
  let refusal: unknown;
  /** The end of the list, if the service refuses to go on from there. */
  const shortPageEnds = new Set<number>();
  /** The request across the first refused offset after a full page. */
  let probe: PageRange | undefined;
  let probeOutcome: 'goes-on' | 'refused' | undefined;
  let failure: { error: unknown } | undefined;
  let finished = false;
  let wake: (() => void) | undefined;

  const nextRange = (): PageRange | undefined => {
    for (let gap = gaps.shift(); gap; gap = gaps.shift()) {
      if (gap.offset < endOffset) return gap;
    }
    if (nextOffset >= Math.min(endOffset, firstRefused)) return undefined;
    const limit = Math.min(pageSize, largestPage || pageSize);
    nextOffset += limit;
    return { offset: nextOffset - limit, limit };
  };

  /** Whether every offset before `offset` was answered. */
  const answeredBefore = (offset: number) =>
    gaps.every((gap) => gap.offset >= offset) &&
    [...inFlight.keys()].every((range) => range.offset >= offset);
  const isComplete = () =>
    endOffset !== Number.POSITIVE_INFINITY && firstRefused >= endOffset && answeredBefore(endOffset);

  const abortFrom = (offset: number) => {
    for (const [range, controller] of inFlight) if (range.offset >= offset) controller.abort();
  };

  const endAt = (offset: number) => {
    endOffset = Math.min(endOffset, offset);
    abortFrom(endOffset);
  };

  const receive = (range: PageRange, records: readonly T[]) => {
    if (range === probe) {
      // Fewer than its 2 records end the list at the refused offset.
      if (records.length < range.limit && range.offset + records.length === firstRefused) endAt(firstRefused);
      else probeOutcome = 'goes-on';
      return;
    }
    // A service that ignores `limit` would otherwise hand over records that later pages bring again.
    const page = records.length > range.limit ? records.slice(0, range.limit) : records;
    if (page.length === 0) {
      endAt(range.offset);
      return;
    }
    pagesWithRecords += 1;
    if (pagesWithRecords > maxPages) {
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} with records on more than ${maxPages} pages: stopping rather than looping`,
        { endpoint },
      );
    }
    largestPage = Math.max(largestPage, page.length);
    longList ||= page.length === range.limit || range.offset > 0;
    if (page.length < range.limit) {
      const end = range.offset + page.length;
      gaps.push({ offset: end, limit: range.limit - page.length });
      shortPageEnds.add(end);
      if (end === firstRefused) endAt(end);
    }
    if (range.offset === 0) firstPageIds = new Set(page.map((record) => record.id));
    let newToPass = 0;
    const fresh: T[] = [];
    for (let index = 0; index < page.length; index++) {
      const record = page[index]!;
      if (!seenIds.add(record.id)) {
        shifted = true;
        continue;
      }
      newToPass += 1;
      if (seenIds === yielded || yielded.add(record.id)) {
        fresh.push(record);
        deepestAdded = Math.max(deepestAdded, range.offset + index);
      }
    }
    // A full-size page of nothing new, all of it the first page's, is a service ignoring offset. Seen on
    // other pages is not enough (a list reshuffled at each request brings such pages; the passes tell it
    // apart), nor is a shorter page (a list grown at its head pushes read records onto its last page).
    const firstPageAgain = range.offset > 0 && page.every((record) => firstPageIds?.has(record.id) === true);
    if (newToPass === 0 && page.length >= largestPage && firstPageAgain) {
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} at offset ${range.offset} with ${page.length} records all seen on other pages: it seems to ignore offset, so the list cannot be read to its end`,
        { endpoint },
      );
    }
    // Each offset is asked once a pass: a shuffled list brings fewer repeats than different records. Far
    // more are a service answering offsets past the end with its last page (a clamped page number), which
    // no empty page would ever end before `maxPages`, thousands of requests.
    recordsAnswered += page.length;
    if (recordsAnswered > 2 * seenIds.size + pageSize) {
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} with ${recordsAnswered} records at offsets that hold one each, only ${seenIds.size} of them different: it seems to answer offsets past the end of the list with records already given, so the list cannot be read to its end`,
        { endpoint },
      );
    }
    added += fresh.length;
    if (fresh.length > 0) ready.push(fresh);
  };

  const fill = () => {
    while (
      !failure &&
      !finished &&
      inFlight.size < (longList ? concurrency : 1) &&
      inFlight.size + ready.length < 2 * concurrency
    ) {
      const range = nextRange();
      if (!range) return;
      const controller = new AbortController();
      inFlight.set(range, controller);
      Promise.resolve()
        .then(() => fetchPage(range, controller.signal))
        .then(
          (records) => {
            if (!failure && !finished) receive(range, records);
          },
          (error: unknown) => {
            // Past the known end or a refused offset, a failure changes nothing.
            if (range.offset >= Math.min(endOffset, firstRefused + 1)) return;
            if (range === probe && isRefusal(error)) probeOutcome = 'refused';
            else if (range.offset === 0 || !isRefusal(error)) throw error;
            else {
              firstRefused = range.offset;
              refusal = error;
              abortFrom(firstRefused + 1);
              // A refused offset is the end where a short page ended.
              if (shortPageEnds.has(firstRefused)) endAt(firstRefused);
            }
          },
        )
        .catch((error: unknown) => {
          if (finished) return;
          failure ??= { error };
          abortFrom(0);
        })
        .finally(() => {
          inFlight.delete(range);
          fill();
          const resume = wake;
          wake = undefined;
          resume?.();
        });
    }
  };

  try {
    fill();
    for (;;) {
      if (failure) throw failure.error;
      const page = ready.shift();
      if (page) {
        fill();
        for (const record of page) yield record;
        continue;
      }
      if (isComplete()) return { shifted, added, deepestAdded };
      // The first refusal stands, every offset before it answered: the end only if the probe says so.
      if (firstRefused < endOffset && answeredBefore(firstRefused)) {
        if (probeOutcome !== undefined) {
          const where =
            probeOutcome === 'refused'
              ? `and again from offset ${firstRefused - 1}: where the list ends cannot be told`
              : 'where the list does not end';
          throw new InvoicingProtocolError(
            `The invoicing service refused ${endpoint} at offset ${firstRefused}, ${where}, so it cannot be read to its end (${refusal instanceof Error ? refusal.message : String(refusal)})`,
            { endpoint, cause: refusal },
          );
        }
        if (probe === undefined) {
          probe = { offset: firstRefused - 1, limit: 2 };
          gaps.unshift(probe);
          fill();
          continue;
        }
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    finished = true;
    abortFrom(0);
  }
}

import { InvoicingListOrderError, InvoicingProtocolError, isRefusal } from './errors';
import { IdSet } from './id-set';

/**
 * Passes over a list whose order shifts while it is read. Each pass after the first is one more read of
 * the whole list; a list that grows at its head all the time (a busy account's month so far) shifts in
 * every pass, and its new records are past the report's end anyway.
 */
const MAX_PASSES = 3;

/** The records asked for by one request: `offset` and `limit` as the service reads them. */
export interface PageRange {
  offset: number;
  limit: number;
}

export interface PaginateOptions<T> {
  /** Fetches one page; aborted through `signal` when the walk ends early or fails. */
  fetchPage: (range: PageRange, signal: AbortSignal) => Promise<readonly T[]>;
  /** `limit` asked for per page. */
  pageSize: number;
  /** Pages requested at once. */
  concurrency: number;
  /** Pages of records fetched but not yet consumed before the walk pauses. @default concurrency */
  maxBufferedPages?: number;
  /** Pages with records after which the walk gives up as a protocol error (a list that never ends). */
  maxPages: number;
  /** The endpoint's path, for errors. */
  endpoint: string;
}

/**
 * Every record of an offset/limit list, each once (by `id`), in the order the pages arrive.
 *
 * The spec shows neither the largest `limit` nor the sort order, so the walk assumes neither:
 * - the first page is asked for alone; once the list proves longer than one page (a full page, or
 *   records past the first one), pages are requested ahead, `concurrency` at a time, at consecutive
 *   offsets (a few requests past the end are wasted; the walk does not wait for one page to ask for
 *   the next), so a short list costs one or two requests and a long one runs at full speed;
 * - a page shorter than asked is not the end: the rest of its range is asked for again, and while
 *   no page has come back as long as `pageSize` (a silent cap), the longest page seen so far becomes
 *   the step of later requests;
 * - the end is a page with no records, and the walk stops once every offset before it was answered;
 *   or, for a service that refuses offsets past the end (HTTP 404, say) rather than answer them with
 *   no records, a refused offset where a page shorter than asked ended. A refused offset after a full
 *   page is asked about once more, from the offset before it with a limit of 2: one record back is the
 *   list's end, two are a list that goes on where the service refused it, which fails the walk (as
 *   does any other refusal) rather than end it short;
 * - records seen on another page (pages that overlap when the order shifts) are skipped; a page with
 *   records but none new means the service ignores `offset`, a protocol error, as is a pass whose
 *   pages bring more than twice as many records as different ones, and a page more (offsets past the
 *   end answered with records already given, its last page again), and a list that brings records on
 *   more than `maxPages` pages;
 * - a record met twice in one pass means the order shifted while the list was read, and a shift that
 *   brings one record twice may have taken another past every page: a list that grew at its head, or
 *   one sorted on a value many records share (a creation second), which the service may order
 *   differently at each request. The list is then read again, yielding only records not yet yielded,
 *   until a pass holds its order or finds nothing new, at most `MAX_PASSES` passes in all. A last pass
 *   that still finds records not yet yielded anywhere but at the head of the list (where a list that
 *   grows puts its new records) is a protocol error: the order changes from request to request, and
 *   records every pass missed may be left, so the list cannot be read completely;
 * - only ids are kept (compactly, see `IdSet`), and fetching pauses while `maxBufferedPages` pages wait for the consumer.
 */
export async function* paginate<T extends { id: string }>(
  options: PaginateOptions<T>,
): AsyncGenerator<T, void> {
  const yielded = new IdSet();
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    // The first pass's records are all new: one set serves both.
    const outcome = yield* readListOnce(options, yielded, pass === 1 ? yielded : new IdSet());
    if (!outcome.shifted || (pass > 1 && outcome.added === 0)) return;
    if (pass === MAX_PASSES && !onlyNewAtTheHead(outcome, options.pageSize)) {
      throw new InvoicingListOrderError(
        `The invoicing service listed ${options.endpoint} in a different order at each reading: after ${MAX_PASSES} readings it still brought records not seen before, ${outcome.added} of them and one as far in as offset ${outcome.deepestAdded}, so others may still be missing. Try again later; if this persists, the service does not keep its lists in one order`,
        { endpoint: options.endpoint },
      );
    }
  }
}

/** What one pass over a list found. */
interface PassOutcome {
  /** Whether a record came back twice: the order shifted while the pass read the list. */
  shifted: boolean;
  /** Records yielded by this pass, which no earlier one had yielded. */
  added: number;
  /** The largest offset at which the pass found a record to yield (-1 when it found none). */
  deepestAdded: number;
}

/**
 * Whether a last pass's new records are those of a list that grew at its head while it was read, which
 * the walk may end on (they were made after the reading began): they are then the first records of the
 * list, give or take a page of records made while the pass itself ran. New records found deeper in are
 * old ones that earlier passes missed because the order changed between requests, and with them others
 * may be missing still.
 */
function onlyNewAtTheHead(outcome: PassOutcome, pageSize: number): boolean {
  return outcome.deepestAdded < outcome.added + pageSize;
}

/**
 * One pass over the list: yields the records `yielded` has not yet had (adding them), telling the pass's
 * own repeats by `seenIds`.
 */
async function* readListOnce<T extends { id: string }>(
  options: PaginateOptions<T>,
  yielded: IdSet,
  seenIds: IdSet,
): AsyncGenerator<T, PassOutcome> {
  const { fetchPage, pageSize, concurrency, maxPages, endpoint } = options;
  const maxBufferedPages = options.maxBufferedPages ?? concurrency;
  let shifted = false;
  let added = 0;
  let deepestAdded = -1;
  /** The ids of the pass's first page: what a service that ignores offset answers every request with. */
  let firstPageIds: ReadonlySet<string> | undefined;
  /** Pages of new records waiting for the consumer. */
  const ready: T[][] = [];
  /** The unanswered rest of short pages. */
  const gaps: PageRange[] = [];
  /** Requests not yet answered, each with its own controller so that one can be called off. */
  const inFlight = new Map<PageRange, AbortController>();
  let nextOffset = 0;
  let largestPage = 0;
  /** Whether the list is known to be longer than one page, so requests may go ahead of answers. */
  let longList = false;
  /** The lowest offset answered with an empty page: no records from there on. */
  let endOffset = Number.POSITIVE_INFINITY;
  let pagesWithRecords = 0;
  /** Records the pass's pages brought, repeats included: each request reads offsets no other one did. */
  let recordsAnswered = 0;
  /**
   * The lowest offset past 0 the service refused to answer: past the end, or not (see `paginate`). No
   * request goes further while it stands, and a refusal further on changes nothing.
   */
  let firstRefused = Number.POSITIVE_INFINITY;
  /** The service's error at `firstRefused`. */
  let refusal: unknown;
  /** Where pages shorter than asked ended: the end of the list, if the service refuses to go on from there. */
  const shortPageEnds = new Set<number>();
  /** The request across the first refused offset after a full page: from the offset before, 2 records. */
  let probe: PageRange | undefined;
  /** What the probe found: the list goes on at the refused offset, or the service refused the probe too. */
  let probeOutcome: 'goes-on' | 'refused' | undefined;
  let failure: { error: unknown } | undefined;
  let finished = false;
  let wake: (() => void) | undefined;

  const step = () => (largestPage === 0 ? pageSize : Math.min(pageSize, largestPage));

  const nextRange = (): PageRange | undefined => {
    for (let gap = gaps.shift(); gap; gap = gaps.shift()) {
      if (gap.offset < endOffset) return gap;
    }
    if (nextOffset >= Math.min(endOffset, firstRefused)) return undefined;
    const range = { offset: nextOffset, limit: step() };
    nextOffset += range.limit;
    return range;
  };

  const isComplete = () =>
    endOffset !== Number.POSITIVE_INFINITY &&
    firstRefused >= endOffset &&
    gaps.every((gap) => gap.offset >= endOffset) &&
    [...inFlight.keys()].every((range) => range.offset >= endOffset);

  const abortFrom = (offset: number) => {
    for (const [range, controller] of inFlight) if (range.offset >= offset) controller.abort();
  };

  const fail = (error: unknown) => {
    failure ??= { error };
    abortFrom(0);
  };

  const endAt = (offset: number) => {
    endOffset = Math.min(endOffset, offset);
    // Requests past the end, sent or still waiting for a slot, are not needed.
    abortFrom(endOffset);
  };

  /** A refused offset is the end where a short page ended; the requests after it are not needed either way. */
  const refuse = (offset: number, error: unknown) => {
    firstRefused = offset;
    refusal = error;
    abortFrom(firstRefused + 1);
    if (shortPageEnds.has(offset)) endAt(offset);
  };

  /**
   * Whether the first refusal stands with every offset before it answered: no short page ended there,
   * so it is the end only if the probe says so.
   */
  const refusalAfterFullPage = (): boolean =>
    firstRefused < endOffset &&
    !gaps.some((gap) => gap.offset < firstRefused) &&
    ![...inFlight.keys()].some((range) => range.offset < firstRefused);

  /** Reads the probe's answer: a page shorter than its 2 ends the list at the refused offset. */
  const receiveProbe = (range: PageRange, records: readonly unknown[]) => {
    const end = range.offset + records.length;
    if (records.length < range.limit && end === firstRefused) endAt(end);
    else probeOutcome = 'goes-on';
  };

  const refusalError = () => {
    const where =
      probeOutcome === 'refused'
        ? `and again from offset ${firstRefused - 1}: where the list ends cannot be told`
        : 'where the list does not end';
    return new InvoicingProtocolError(
      `The invoicing service refused ${endpoint} at offset ${firstRefused}, ${where}, so it cannot be read to its end (${refusal instanceof Error ? refusal.message : String(refusal)})`,
      { endpoint, cause: refusal },
    );
  };

  const receive = (range: PageRange, records: readonly T[]) => {
    if (range === probe) return receiveProbe(range, records);
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
    // A page as full as the service gives them, all seen, all of them the first page's, is a service
    // answering every offset with the first page. Seen on other pages is not enough: a list shuffled
    // again at each request brings such pages too, late in a pass, and is told apart by the passes
    // (see `paginate`). A shorter page is not either (that first page was full, or the walk would have
    // ended on it): it is a list that grew at its head while it was read, pushing records already read
    // onto the last page or the rest of a short one, which ends as any short page does. Such a rest is
    // asked for with a smaller limit, so its answer may be as long as asked and still shorter than a
    // page: a service that ignores offset is caught on the next full-size request instead.
    const firstPageAgain = range.offset > 0 && page.every((record) => firstPageIds?.has(record.id) === true);
    if (newToPass === 0 && page.length >= largestPage && firstPageAgain) {
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} at offset ${range.offset} with ${page.length} records all seen on other pages: it seems to ignore offset, so the list cannot be read to its end`,
        { endpoint },
      );
    }
    // Each offset is asked for once a pass, so a list read in one order has as many different records as
    // it answered; one shifting or shuffled between requests brings repeats, fewer than the different
    // ones (a page of random records from a list is mostly new until most of the list has been seen).
    // Far more repeats are a service that answers offsets past the end with records (its last page
    // again, as a clamped page number gives), where no empty page ever ends the pass: it would go on to
    // `maxPages`, thousands of requests.
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
      inFlight.size + ready.length < concurrency + maxBufferedPages
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
            // A request past the known end, or past a refused offset, failing changes nothing: its
            // answer was not needed, or the walk ends or fails at that offset.
            if (range.offset >= Math.min(endOffset, firstRefused + 1)) return;
            // The probe refused tells nothing of where the list ends: the walk fails with the refusal.
            if (range === probe && isRefusal(error)) probeOutcome = 'refused';
            else if (range.offset > 0 && isRefusal(error)) refuse(range.offset, error);
            else throw error;
          },
        )
        .catch((error: unknown) => {
          if (!finished) fail(error);
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
      if (refusalAfterFullPage()) {
        if (probeOutcome !== undefined) throw refusalError();
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

import { describe, expect, it } from 'vitest';
import { InvoicingListOrderError, InvoicingProtocolError } from '../../../lib/invoicing/errors';
import { type PageRange, type PaginateOptions, paginate } from '../../../lib/invoicing/paginate';
import { shuffledList } from '../../../lib/sandbox/record-order';

interface Row {
  id: string;
}

const rows = (count: number, from = 0): Row[] =>
  Array.from({ length: count }, (_, n) => ({ id: `r${from + n}` }));

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

interface SourceBehaviour {
  /** A silent cap on `limit`, fixed or per call. */
  cap?: number | ((call: number) => number);
  ignoreOffset?: boolean;
  ignoreLimit?: boolean;
  /** Reverses each page, as a service with an unstated sort order might. */
  reverseEachPage?: boolean;
  /** Refuses with HTTP 404 every offset past the end (`'past-end'`), or this one offset, records or not. */
  refuse?: 'past-end' | number;
}

/** A service's refusal of a request, as the client throws it. */
const notFound = () =>
  new InvoicingProtocolError('The invoicing service answered HTTP 404', {
    endpoint: '/invoices/list',
    status: 404,
  });

/** An in-memory list served page by page, answering one event-loop turn later so requests overlap. */
function listSource(records: readonly Row[], behaviour: SourceBehaviour = {}) {
  const calls: PageRange[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = async ({ offset, limit }: PageRange): Promise<Row[]> => {
    const call = calls.push({ offset, limit }) - 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await tick();
    inFlight -= 1;
    const cap =
      typeof behaviour.cap === 'function' ? behaviour.cap(call) : (behaviour.cap ?? Number.POSITIVE_INFINITY);
    if (behaviour.refuse === 'past-end' ? offset >= records.length : offset === behaviour.refuse) {
      throw notFound();
    }
    const start = behaviour.ignoreOffset ? 0 : offset;
    const end = behaviour.ignoreLimit ? records.length : start + Math.min(limit, cap);
    const page = records.slice(start, end);
    return behaviour.reverseEachPage ? page.reverse() : page;
  };
  return {
    fetchPage,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

function walk(options: Partial<PaginateOptions<Row>> & Pick<PaginateOptions<Row>, 'fetchPage'>) {
  return paginate<Row>({
    pageSize: 10,
    concurrency: 1,
    maxPages: 1000,
    endpoint: '/invoices/list',
    ...options,
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function failure(iterable: AsyncIterable<unknown>, seen: unknown[] = []): Promise<unknown> {
  try {
    for await (const item of iterable) seen.push(item);
  } catch (error) {
    return error;
  }
  throw new Error('expected the walk to fail');
}

const ids = (items: readonly Row[]) => items.map((item) => item.id);

describe('paginate', () => {
  it('asks once and yields nothing for an empty list', async () => {
    const source = listSource([]);

    expect(await collect(walk({ fetchPage: source.fetchPage }))).toEqual([]);
    expect(source.calls).toEqual([{ offset: 0, limit: 10 }]);
  });

  it('reads a list page by page and ends on an empty page, not a short one', async () => {
    const source = listSource(rows(25));

    expect(ids(await collect(walk({ fetchPage: source.fetchPage })))).toEqual(ids(rows(25)));
    expect(source.calls).toEqual([
      { offset: 0, limit: 10 },
      { offset: 10, limit: 10 },
      { offset: 20, limit: 10 },
      { offset: 25, limit: 5 },
    ]);
  });

  it('fills the gap a silent cap leaves and steps by the cap from then on', async () => {
    const source = listSource(rows(10), { cap: 4 });

    expect(ids(await collect(walk({ fetchPage: source.fetchPage })))).toEqual(ids(rows(10)));
    expect(source.calls).toEqual([
      { offset: 0, limit: 10 },
      { offset: 4, limit: 6 },
      { offset: 8, limit: 2 },
      { offset: 10, limit: 4 },
    ]);
  });

  it('reads every record once under a cap that changes from call to call', async () => {
    const source = listSource(rows(200), { cap: (call) => 1 + (call % 7) });
    const items = await collect(walk({ fetchPage: source.fetchPage, pageSize: 20, concurrency: 4 }));

    expect(new Set(ids(items)).size).toBe(200);
    expect(items).toHaveLength(200);
  });

  it('reads every record once whatever order each page comes in', async () => {
    const source = listSource(rows(95), { reverseEachPage: true, cap: 6 });
    const items = await collect(walk({ fetchPage: source.fetchPage, concurrency: 3 }));

    expect(ids(items).sort()).toEqual(ids(rows(95)).sort());
  });

  it('keeps one copy of a record that comes back on an overlapping page', async () => {
    // Pages 0-9, 8-17 (two seen), 18-19: records shift by two between the first and second call.
    const pages = new Map<number, Row[]>([
      [0, rows(10, 0)],
      [10, rows(10, 8)],
      [20, rows(2, 18)],
    ]);
    const items = await collect(walk({ fetchPage: async ({ offset }) => pages.get(offset) ?? [] }));

    expect(ids(items)).toEqual(ids(rows(20)));
  });

  it('takes only what it asked for from a service that ignores limit', async () => {
    const source = listSource(rows(25), { ignoreLimit: true });

    expect(ids(await collect(walk({ fetchPage: source.fetchPage })))).toEqual(ids(rows(25)));
    expect(source.calls).toHaveLength(4);
  });

  it('stops with a protocol error when a page brings nothing new (offset ignored)', async () => {
    const source = listSource(rows(25), { ignoreOffset: true });
    const seen: unknown[] = [];
    const error = await failure(walk({ fetchPage: source.fetchPage }), seen);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect((error as Error).message).toBe(
      'The invoicing service answered /invoices/list at offset 10 with 10 records all seen on other pages: it seems to ignore offset, so the list cannot be read to its end',
    );
    expect(seen).toHaveLength(10);
    expect(source.calls).toHaveLength(2);
  });

  it('reads a list that grew at its head while it was read, the records pushed onto its last page once', async () => {
    // Newest first, as services list: r0 is the newest. Just before the last page is asked for, a new
    // record comes first, and the one record already read from the end of page 2 moves onto page 3.
    let records = rows(30);
    const seen = walk({
      fetchPage: async ({ offset, limit }) => {
        if (offset === 30) records = [{ id: 'new' }, ...records];
        return records.slice(offset, offset + limit);
      },
    });
    // The record met twice shows the order shifted, so the list is read again: the second pass, whose
    // order holds, brings the new record; every record comes once.
    expect(ids(await collect(seen))).toEqual([...ids(rows(30)), 'new']);
  });

  it('reads a short list whose last record a new one at its head pushed onto the rest of the page', async () => {
    // 9 records, 10 asked for: the rest of the page (offset 9, limit 1) is asked for to be sure the list
    // ended. Meanwhile a new record came first, so that answer is r8 again: one record, as many as asked
    // for, all seen, but fewer than the service gives a page, so not a service that ignores offset.
    let records = rows(9);
    const seen = walk({
      fetchPage: async ({ offset, limit }) => {
        if (offset === 9) records = [{ id: 'new' }, ...rows(9)];
        return records.slice(offset, offset + limit);
      },
    });
    expect(ids(await collect(seen))).toEqual([...ids(rows(9)), 'new']);
  });

  it('reads again a list whose order differs from request to request, until every record has come', async () => {
    // Sorted on a value r9 and r10 share: every other request lists r10 before r9. The first pass then
    // reads r0-r9 and r9, r11-r19 (r10 never), the second r0-r8, r10 and r10-r19 (r10 is the only new
    // record), the third r0-r9 and r9, r11-r19 (nothing new), and the walk ends.
    const inOrder = rows(20);
    const swapped = [...rows(9), { id: 'r10' }, { id: 'r9' }, ...rows(9, 11)];
    const calls: PageRange[] = [];
    const items = await collect(
      walk({
        fetchPage: async ({ offset, limit }) => {
          const call = calls.push({ offset, limit }) - 1;
          return (call % 2 === 0 ? inOrder : swapped).slice(offset, offset + limit);
        },
      }),
    );
    expect(ids(items)).toEqual([...ids(rows(10)), ...ids(rows(9, 11)), 'r10']);
    expect(calls.filter((call) => call.offset === 0)).toHaveLength(3);
  });

  it('reads a list that shifts at every pass three times at most', async () => {
    // A new record comes first just before each request for the second page.
    let records = rows(20);
    let created = 0;
    const calls: PageRange[] = [];
    const items = await collect(
      walk({
        fetchPage: async ({ offset, limit }) => {
          calls.push({ offset, limit });
          if (offset === 10) records = [{ id: `new${created++}` }, ...records];
          return records.slice(offset, offset + limit);
        },
      }),
    );
    expect(calls.filter((call) => call.offset === 0)).toHaveLength(3);
    // Each pass after the first brings the records created during the one before it.
    expect(ids(items)).toEqual([...ids(rows(20)), 'new0', 'new1']);
  });

  it('ends without an error on a list that grows at its head by more than a page during each pass', async () => {
    // Newest first, four new records before each request for the second, third and fourth pages: 12 a
    // pass, more than a page, all at the head, where the third pass finds those made during the second.
    let records = rows(50);
    let created = 0;
    const items = await collect(
      walk({
        fetchPage: async ({ offset, limit }) => {
          if (offset === 10 || offset === 20 || offset === 30) {
            const made = Array.from({ length: 4 }, () => ({ id: `new${created++}` }));
            records = [...made.reverse(), ...records];
          }
          return records.slice(offset, offset + limit);
        },
      }),
    );
    const got = ids(items);
    expect(new Set(got).size).toBe(got.length);
    expect(ids(rows(50)).every((id) => got.includes(id))).toBe(true);
    // Made during the first two passes, 12 each; those of the third are left for a later reading.
    expect(got.filter((id) => id.startsWith('new'))).toHaveLength(24);
  });

  it('stops with a protocol error when the order changes at every request and the last pass still finds old records', async () => {
    // 200 records in a different order at each request (the sandbox's shuffle, keyed by the request's
    // number), as a service sorting on nothing might list them: each pass reads about two in three of them, and
    // the third still finds ones no earlier pass brought, anywhere in the list.
    const records = rows(200);
    let call = 0;
    const seen: unknown[] = [];
    const error = await failure(
      walk({
        fetchPage: async ({ offset, limit }) =>
          shuffledList(records, 1, `request ${++call}`).slice(offset, offset + limit),
      }),
      seen,
    );
    expect(error).toBeInstanceOf(InvoicingListOrderError);
    expect((error as Error).message).toMatch(
      /^The invoicing service listed \/invoices\/list in a different order at each reading: after 3 readings it still brought records not seen before, \d+ of them and one as far in as offset \d+, so others may still be missing/,
    );
    // Three passes of 21 requests each (20 pages and the empty one past the end), not more.
    expect(call).toBe(63);
    expect(seen.length).toBeLessThan(200);
  });

  it('still stops when a whole page is records seen before, at the size the service pages at', async () => {
    // 25 records, 100 asked for and at most 7 given a page, every offset answered with the first page:
    // the rest of the first page asked for again (offset 7, limit 93) brings 7, all seen, which is as
    // full as the service's pages come.
    const source = listSource(rows(25), { ignoreOffset: true, cap: 7 });
    const error = await failure(walk({ fetchPage: source.fetchPage, pageSize: 100 }), []);
    expect((error as Error).message).toMatch(/at offset 7 with 7 records all seen on other pages/);
  });

  it('stops soon with a protocol error when every offset past the end is answered with the last page', async () => {
    // 25 records, pages of 10; an offset past the end is moved back to the start of the last page (as
    // a service that clamps a page number to the last one does), so no page past the end is ever empty.
    // The records answered outgrow twice the different ones plus a page (60) at the eleventh request:
    // 10 + 10 + 5 from the list itself, then 5 a request (the rest of each short page asked with 5).
    const records = rows(25);
    const calls: PageRange[] = [];
    const seen: unknown[] = [];
    const error = await failure(
      walk({
        fetchPage: async ({ offset, limit }) => {
          calls.push({ offset, limit });
          await tick();
          const lastPageStart = Math.floor((records.length - 1) / limit) * limit;
          const start = Math.min(offset, lastPageStart);
          return records.slice(start, start + limit);
        },
      }),
      seen,
    );
    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect((error as Error).message).toBe(
      'The invoicing service answered /invoices/list with 65 records at offsets that hold one each, only 25 of them different: it seems to answer offsets past the end of the list with records already given, so the list cannot be read to its end',
    );
    expect(seen).toHaveLength(25);
    expect(calls).toHaveLength(11);
  });

  it('ends where a short page ended, on a service that refuses offsets past the end with 404', async () => {
    // 25 records, pages of 10, 3 at a time: 0, 10 and 20 (5 records: the end at 25), then 30 (refused,
    // past the end) and the rest of the short page, 25 (refused: where the short page ended, the end).
    const source = listSource(rows(25), { refuse: 'past-end' });

    expect(ids(await collect(walk({ fetchPage: source.fetchPage, concurrency: 3 })))).toEqual(ids(rows(25)));
    expect(source.calls).toContainEqual({ offset: 25, limit: 5 });
  });

  it('ends on a list shorter than a page when the rest of its page is refused', async () => {
    const source = listSource(rows(7), { refuse: 'past-end' });

    expect(ids(await collect(walk({ fetchPage: source.fetchPage, concurrency: 3 })))).toEqual(ids(rows(7)));
    expect(source.calls).toEqual([
      { offset: 0, limit: 10 },
      { offset: 7, limit: 3 },
    ]);
  });

  it('ends where a short page ended under a silent cap, on a service that refuses offsets past the end', async () => {
    // A cap of 4: pages of 4 from the second request on; 10 records end in a page of 2 at offset 8.
    const source = listSource(rows(10), { cap: 4, refuse: 'past-end' });

    expect(ids(await collect(walk({ fetchPage: source.fetchPage, concurrency: 3 })))).toEqual(ids(rows(10)));
  });

  it('ends a list of exactly so many pages once the record before the refused offset proves the last', async () => {
    // 30 records, exactly three pages: offset 30 is refused right after a full page, as a service that
    // failed to give a fourth page would refuse it too. Asked from 29 for 2, the service gives 1: the end.
    const source = listSource(rows(30), { refuse: 'past-end' });

    expect(ids(await collect(walk({ fetchPage: source.fetchPage, concurrency: 2 })))).toEqual(ids(rows(30)));
    expect(source.calls.at(-1)).toEqual({ offset: 29, limit: 2 });
  });

  it('fails with the refusal when the question about it is refused too, rather than wait for ever', async () => {
    // 30 records, offsets past the end refused, and so is any limit of 2: the probe from 29 is refused.
    const source = listSource(rows(30), { refuse: 'past-end' });
    const fetchPage = async (range: PageRange) => {
      if (range.limit === 2) throw notFound();
      return source.fetchPage(range);
    };
    const error = await failure(walk({ fetchPage, concurrency: 2 }));

    expect((error as Error).message).toBe(
      'The invoicing service refused /invoices/list at offset 30, and again from offset 29: where the list ends cannot be told, so it cannot be read to its end (The invoicing service answered HTTP 404)',
    );
  });

  it('fails with the refusal of an offset inside the list, never taking it for the end', async () => {
    // 50 records; offset 20 refused, the pages after it answered.
    const source = listSource(rows(50), { refuse: 20 });
    const seen: unknown[] = [];
    const error = await failure(walk({ fetchPage: source.fetchPage, concurrency: 4 }), seen);

    // Asked from 19 for 2, the service gives 2: the list goes on where it was refused.
    expect((error as Error).message).toBe(
      'The invoicing service refused /invoices/list at offset 20, where the list does not end, so it cannot be read to its end (The invoicing service answered HTTP 404)',
    );
    expect(seen.length).toBeLessThan(50);
    expect(source.calls).toContainEqual({ offset: 19, limit: 2 });
  });

  it('fails at once when the first page is refused', async () => {
    const source = listSource(rows(5), { refuse: 0 });

    expect(await failure(walk({ fetchPage: source.fetchPage }))).toEqual(notFound());
    expect(source.calls).toHaveLength(1);
  });

  it('stops with a protocol error once more than maxPages pages brought records', async () => {
    const source = listSource(rows(1000));
    const seen: unknown[] = [];
    const error = await failure(walk({ fetchPage: source.fetchPage, maxPages: 5 }), seen);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect((error as Error).message).toBe(
      'The invoicing service answered /invoices/list with records on more than 5 pages: stopping rather than looping',
    );
    expect(seen).toHaveLength(50);
    expect(source.calls).toHaveLength(6);
  });

  it('keeps `concurrency` requests in flight, never more', async () => {
    const source = listSource(rows(500));
    const items = await collect(walk({ fetchPage: source.fetchPage, concurrency: 6 }));

    expect(items).toHaveLength(500);
    expect(source.maxInFlight).toBe(6);
  });

  it('does not run far ahead of a consumer that stops reading', async () => {
    const source = listSource(rows(100_000));
    const iterator = walk({ fetchPage: source.fetchPage, concurrency: 4 });

    await iterator.next();
    for (let turn = 0; turn < 50; turn += 1) await tick();

    // One page being read, four buffered, four in flight at most; then it waits.
    expect(source.calls.length).toBeGreaterThanOrEqual(8);
    expect(source.calls.length).toBeLessThanOrEqual(9);
    await iterator.return(undefined);
  });

  it('aborts the requests in flight when the consumer stops early', async () => {
    const unanswered = new Set<AbortSignal>();
    const fetchPage = async ({ offset }: PageRange, signal: AbortSignal) => {
      unanswered.add(signal);
      await tick();
      if (offset > 0) await new Promise((resolve) => signal.addEventListener('abort', resolve));
      unanswered.delete(signal);
      return rows(10, offset);
    };

    for await (const item of walk({ fetchPage, concurrency: 3 })) {
      expect(item.id).toBe('r0');
      break;
    }

    expect(unanswered.size).toBe(3);
    expect([...unanswered].every((signal) => signal.aborted)).toBe(true);
  });

  it('fails with the first error and aborts the other requests', async () => {
    const failed = new Error('page failed');
    const waiting: AbortSignal[] = [];
    const fetchPage = async ({ offset }: PageRange, signal: AbortSignal) => {
      if (offset === 0) return rows(10);
      if (offset === 10) return tick().then(() => Promise.reject(failed));
      waiting.push(signal);
      return new Promise<Row[]>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    };

    expect(await failure(walk({ fetchPage, concurrency: 4 }))).toBe(failed);
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    expect(waiting.every((signal) => signal.aborted)).toBe(true);
  });

  it('calls off the requests past the end as soon as an empty page shows where it is', async () => {
    let secondPageAnswered = false;
    const calledOffEarly: boolean[] = [];
    const fetchPage = async ({ offset }: PageRange, signal: AbortSignal) => {
      if (offset === 0) return rows(10);
      if (offset === 10) {
        for (let turn = 0; turn < 5; turn += 1) await tick();
        secondPageAnswered = true;
        return rows(10, 10);
      }
      if (offset === 20) return tick().then(() => []);
      return new Promise<Row[]>((_, reject) =>
        signal.addEventListener('abort', () => {
          calledOffEarly.push(!secondPageAnswered);
          reject(new Error('aborted'));
        }),
      );
    };

    expect(await collect(walk({ fetchPage, concurrency: 4 }))).toHaveLength(20);
    expect(calledOffEarly.length).toBeGreaterThan(0);
    expect(calledOffEarly.every(Boolean)).toBe(true);
  });

  it('ignores a failed request past the end once the end is known', async () => {
    const pending = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
    const fetchPage = ({ offset }: PageRange) =>
      new Promise<Row[]>((resolve, reject) => pending.set(offset, { resolve, reject }));
    const all = collect(walk({ fetchPage, concurrency: 4 }));
    const answer = async (offset: number, page: Row[] | Error) => {
      for (let turn = 0; turn < 5 && !pending.has(offset); turn += 1) await tick();
      const request = pending.get(offset);
      if (!request) throw new Error(`no request at offset ${offset}`);
      if (page instanceof Error) request.reject(page);
      else request.resolve(page);
      await tick();
    };

    await answer(0, rows(10, 0)); // a full page: 10, 20, 30 and 40 are asked for at once
    await answer(20, rows(5, 20)); // short: the rest, offset 25, is asked for
    await answer(25, []); // the end
    await answer(30, new Error('past the end'));
    await answer(40, new Error('past the end'));
    await answer(10, rows(10, 10));

    expect(ids(await all).sort()).toEqual(ids(rows(25)).sort());
  });

  it('asks for the first page alone, then `concurrency` pages at a time', async () => {
    const source = listSource(rows(100));
    const iterator = walk({ fetchPage: source.fetchPage, concurrency: 4 });

    const first = iterator.next();
    await tick();
    expect(source.calls).toEqual([{ offset: 0, limit: 10 }]);
    await first;
    expect(source.calls.slice(1, 5)).toEqual([
      { offset: 10, limit: 10 },
      { offset: 20, limit: 10 },
      { offset: 30, limit: 10 },
      { offset: 40, limit: 10 },
    ]);
    await iterator.return(undefined);
  });

  it('costs two requests for a list shorter than a page', async () => {
    const source = listSource(rows(3));

    expect(await collect(walk({ fetchPage: source.fetchPage, concurrency: 8 }))).toHaveLength(3);
    expect(source.calls).toEqual([
      { offset: 0, limit: 10 },
      { offset: 3, limit: 7 },
    ]);
  });

  it('goes ahead once a page past the first brings records under a cap', async () => {
    const source = listSource(rows(40), { cap: 4 });

    expect(await collect(walk({ fetchPage: source.fetchPage, concurrency: 4 }))).toHaveLength(40);
    expect(source.maxInFlight).toBe(4);
  });
});

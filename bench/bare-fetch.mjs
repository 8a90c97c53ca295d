/**
 * The CPU that fetching and parsing a report's pages costs before any report work: every page of the
 * list walks the CLI made, asked again over `node:http` with a keep-alive agent, `concurrency` at a time,
 * each body decoded and `JSON.parse`d, nothing validated, added up or written. No report can do with
 * less, so this is the floor under the CLI's own CPU per record.
 *
 * Run by the benchmark in a process of its own (plain JavaScript: nothing but Node is loaded) with
 * `BENCH_BARE_FETCH` holding `{ url, apiKey, walks: [{ endpoint, filter, pages }], pageSize,
 * concurrency }` as JSON; prints `{ cpuMs, wallMs, records, parseUsPerRecord }` as JSON, the CPU counted
 * from the first request to the last answer. `parseUsPerRecord` is the CPU `JSON.parse` alone takes per
 * record, measured afterwards on a sample of the pages parsed again and again: a figure of the machine's
 * speed that the network does not touch, by which CPU per record compares across machines.
 */
import { Agent, request } from 'node:http';

const { url, apiKey, walks, pageSize, concurrency } = JSON.parse(process.env.BENCH_BARE_FETCH ?? '');
const agent = new Agent({ keepAlive: true });

/** Pages kept for timing `JSON.parse` on its own (about 7 MB of text at 100 records a page). */
const PARSE_SAMPLE_PAGES = 100;
/** Times the sample is parsed (about 25 ms each); the fastest counts, as the least disturbed by the rest of the machine. */
const PARSE_ROUNDS = 20;
const sample = [];

/** Every page of every walk, as the form fields to send. */
const pages = walks.flatMap(({ endpoint, filter, pages: count }) =>
  Array.from({ length: count }, (_, page) => ({
    endpoint,
    fields: { ...JSON.parse(filter), offset: String(page * pageSize), limit: String(pageSize) },
  })),
);

function fetchPage({ endpoint, fields }) {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}${endpoint}`,
      {
        method: 'POST',
        agent,
        headers: {
          Authorization: `Token ${apiKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (sample.length < PARSE_SAMPLE_PAGES) sample.push(text);
          const { data } = JSON.parse(text);
          if (answer.statusCode !== 200) reject(new Error(`${endpoint} answered ${answer.statusCode}`));
          // The sandbox writes some lists as objects keyed "0", "1", … (see `normaliseList`).
          else resolve(data === null || data === undefined ? 0 : Object.keys(data).length);
        });
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const cpuBefore = process.cpuUsage();
const started = performance.now();
let next = 0;
let records = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < pages.length) {
      const answered = await fetchPage(pages[next++]);
      records += answered;
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
const wallMs = performance.now() - started;
agent.destroy();

let sampleRecords = 0;
for (const text of sample) sampleRecords += Object.keys(JSON.parse(text).data ?? {}).length;
let leastParseUs = Number.POSITIVE_INFINITY;
for (let round = 0; round < PARSE_ROUNDS; round++) {
  const before = process.cpuUsage();
  for (const text of sample) JSON.parse(text);
  const { user, system } = process.cpuUsage(before);
  leastParseUs = Math.min(leastParseUs, user + system);
}
const parseUsPerRecord = sampleRecords === 0 ? 0 : leastParseUs / sampleRecords;
process.stdout.write(
  `${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, wallMs, records, parseUsPerRecord })}\n`,
);

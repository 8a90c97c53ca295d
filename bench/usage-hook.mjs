/**
 * Preloaded into the CLI's process by the benchmark (`node --import ./bench/usage-hook.mjs ENTRY`):
 * when the process exits it writes `{ maxRssBytes, cpuMs }` as JSON to the file named by
 * `BENCH_USAGE_FILE`. `process.resourceUsage().maxRSS` is the kernel's high-water mark, so nothing
 * between two samples is missed, as polling `/proc/<pid>/status` from outside could. Plain JavaScript,
 * so that measuring the CLI does not load a TypeScript loader into it.
 */
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_USAGE_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      target,
      // maxRSS is in kibibytes, CPU times in microseconds.
      JSON.stringify({
        maxRssBytes: usage.maxRSS * 1024,
        cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      }),
    );
  });
}

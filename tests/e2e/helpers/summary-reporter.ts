import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the slowest tests the closing lines name. */
const SLOWEST = 10;

/** The closing lines: the slowest tests, then one line a CI log can be grepped for (counts by
 *  outcome and the wall-clock time). */
export default class SummaryReporter implements Reporter {
  private counts = new Map<string, number>();
  private durations: { title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const [, , file, ...titles] = test.titlePath();
    this.durations.push({ title: `${file} › ${titles.join(' › ')}`, ms: result.duration });
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped')
      return;
    const outcome = test.outcome();
    this.counts.set(outcome, (this.counts.get(outcome) ?? 0) + 1);
  }

  onEnd(result: FullResult): void {
    const count = (key: string) => this.counts.get(key) ?? 0;
    const seconds = (result.duration / 1000).toFixed(1);
    const slowest = this.durations.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    console.log(`Slowest ${slowest.length} browser tests:`);
    for (const { title, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1)}s  ${title}`);
    console.log(`Browser tests ${result.status} in ${seconds}s; ${count('flaky')} flaky`);
    // Last, in the plain 'N passed, N failed, N skipped' form that CI logs are read for.
    console.log(
      `e2e: ${count('expected')} passed, ${count('unexpected') + count('flaky')} failed, ${count('skipped')} skipped`,
    );
  }
}

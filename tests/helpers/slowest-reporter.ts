// After `vitest run`: the ten slowest tests with their files, for the closing notes of a change
// to the suite's speed (the browser tests' own list is in tests/e2e/helpers/summary-reporter.ts).
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 10;

export default class SlowestReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const tests = modules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        title: `${module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`,
        ms: test.diagnostic()?.duration ?? 0,
      })),
    );
    const slowest = tests.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    if (slowest.length === 0) return;
    console.log(`\nSlowest ${slowest.length} unit tests:`);
    for (const { title, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1)}s  ${title}`);
  }
}

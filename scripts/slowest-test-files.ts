import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

/** After every run, names the ten test files that took longest (import, set-up and tests), so a slow one is seen when it lands. */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed = testModules.map((m) => {
      const d = m.diagnostic();
      return { file: m.relativeModuleId, ms: d.collectDuration + d.setupDuration + d.environmentSetupDuration + d.prepareDuration + d.duration };
    });
    if (timed.length < 2) return;
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const lines = slowest.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file}`);
    process.stdout.write(`\nThe ${slowest.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}

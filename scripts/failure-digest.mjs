// Why a step of `npm test` failed, in a few lines: printed again after the suite's summary, because
// CI keeps only a run's last lines (scripts/test.mjs).
import path from 'node:path';

/**
 * The part of a failed step's log that says why: vitest's closing sections (failed suites and
 * tests, hook errors, unhandled errors) when it printed them, else the log's last 30 lines.
 * @param {string} text
 * @param {number} [maxLines]
 */
export function failureDigest(text, maxLines = 60) {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((l) => /⎯{3,}.*(Failed|Unhandled|Errors)/.test(l));
  const picked = start >= 0 ? lines.slice(start, start + maxLines) : lines.slice(-30);
  return picked.join('\n').trimEnd();
}

/**
 * From a vitest JSON report: each failed file's message (a failed hook, an import error) and each
 * failed test's first line, one per line.
 * @param {{ testResults?: { name: string, status: string, message?: string, assertionResults?: { status: string, fullName: string, failureMessages?: string[] }[] }[] }} report
 * @param {string} root the paths are shown relative to it
 */
export function reportReasons(report, root) {
  const why = [];
  for (const f of report.testResults ?? []) {
    const file = path.relative(root, f.name);
    if (f.status === 'failed' && f.message) why.push(`${file}: ${f.message.split('\n').slice(0, 6).join('\n  ')}`);
    for (const t of f.assertionResults ?? []) {
      if (t.status === 'failed') why.push(`${file} › ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
  return why.join('\n');
}

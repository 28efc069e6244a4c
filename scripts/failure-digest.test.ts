import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM JavaScript shared with scripts/test.mjs
import { failureDigest, reportReasons } from './failure-digest.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe("npm test's failure digest, on real vitest output", () => {
  // A real vitest run of a fixture with a failing test and a failing afterAll (its tests pass).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-digest-'));
  const json = path.join(dir, 'report.json');
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'scripts/fixtures/failing-suite/vitest.config.mjs',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '1' }, timeout: 60_000 },
  );
  const log = run.stdout + run.stderr;

  it("picks vitest's closing sections out of the log, without colour codes", () => {
    expect(run.status).toBe(1);
    const digest = failureDigest(log);
    expect(digest).toMatch(/^⎯+ Failed (Suites|Tests)/);
    expect(digest).toContain('the scratch database could not be dropped');
    expect(digest).toContain('two is not three');
    expect(digest).not.toContain('\x1b[');
  });

  it('names the failed file and the failed test from the JSON report', () => {
    const reasons = reportReasons(JSON.parse(fs.readFileSync(json, 'utf8')), ROOT);
    expect(reasons).toContain('scripts/fixtures/failing-suite/failing.fixture.ts: ');
    expect(reasons).toContain('the scratch database could not be dropped');
    expect(reasons).toMatch(/failing\.fixture\.ts › fails with a message: .*two is not three/);
    expect(reasons).not.toContain('› passes');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps a log's last 30 lines when it has no such section", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    expect(failureDigest(text).split('\n')).toEqual(Array.from({ length: 30 }, (_, i) => `line ${70 + i}`));
  });
});

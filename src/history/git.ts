/**
 * The git state of the checkout a run's config sits in: its commit, branch and whether the working
 * tree had changes to tracked files. One `git status --porcelain=v2 --branch` (a header of
 * `# branch.oid`, `# branch.head`, then a line per change), started when the run starts so it costs
 * the run no time; any failure (no git, not a checkout) is null: the run is recorded without it.
 */
import { execFile } from 'node:child_process';

export interface GitState {
  commit: string;
  branch: string | null;
  dirty: boolean;
}

export function parseGitStatus(text: string): GitState | null {
  const lines = text.split('\n').filter(Boolean);
  const header = (k: string) =>
    lines.find((l) => l.startsWith(`# branch.${k} `))?.slice(`# branch.${k} `.length);
  const commit = header('oid');
  if (!commit || !/^[0-9a-f]{40,64}$/.test(commit)) return null;
  const head = header('head');
  return {
    commit,
    branch: head && head !== '(detached)' ? head : null,
    dirty: lines.some((l) => !l.startsWith('#')),
  };
}

export function gitState(cwd: string): Promise<GitState | null> {
  return new Promise((ok) => {
    execFile(
      'git',
      ['status', '--porcelain=v2', '--branch', '--untracked-files=no'],
      { cwd, timeout: 10_000, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } },
      (err, stdout) => ok(err ? null : parseGitStatus(stdout)),
    );
  });
}

/** Commits of `ref`'s first-parent history, newest first (at most `n`): `bench diff --base last-on-<ref>`. */
export function firstParents(cwd: string, ref: string, n = 200): Promise<string[] | null> {
  return new Promise((ok) => {
    execFile(
      'git',
      ['rev-list', '--first-parent', `--max-count=${n}`, ref, '--'],
      { cwd, timeout: 10_000, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } },
      (err, stdout) => ok(err ? null : stdout.split('\n').filter(Boolean)),
    );
  });
}

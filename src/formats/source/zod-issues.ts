/**
 * zod issues → InputIssues with `file:line:col` and a dot path. Unions report the branch that got
 * furthest (fewest issues) instead of zod's bare "Invalid input", so an author reads the real cause.
 */
import type { z } from 'zod';
import type { InputIssue } from '../../errors.js';
import type { IssuePath, Locator } from './yaml.js';

type ZIssue = z.core.$ZodIssue;

export function dotPath(path: IssuePath): string {
  return path.map((p) => String(p)).join('.');
}

/** Issue located through `loc`; without a position it still names the file and the path. */
export function locatedIssue(
  loc: Locator,
  path: IssuePath,
  message: string,
  severity: 'error' | 'warning' = 'error',
  opts?: { key?: boolean },
): InputIssue {
  const at = loc.locate(path, opts);
  const issue: InputIssue = { file: loc.file, message, severity };
  if (at) {
    issue.line = at.line;
    issue.col = at.col;
  }
  if (path.length) issue.path = dotPath(path);
  return issue;
}

/** `data` is the parsed input, used to tell a missing field from a wrong one. */
export function issuesFromZod(error: z.ZodError, loc: Locator, data?: unknown): InputIssue[] {
  const out: InputIssue[] = [];
  for (const i of flatten(error.issues, [])) {
    if (i.code === 'unrecognized_keys') {
      for (const k of i.keys) {
        out.push(locatedIssue(loc, [...i.path, k], 'unknown field', 'error', { key: true }));
      }
      continue;
    }
    const missing = i.path.length > 0 && isMissing(data, i.path);
    out.push(locatedIssue(loc, i.path, missing ? missingMessage(i) : messageOf(i)));
  }
  return out;
}

function flatten(issues: readonly ZIssue[], prefix: PropertyKey[]): ZIssue[] {
  const out: ZIssue[] = [];
  for (const i of issues) {
    const path = [...prefix, ...i.path];
    if (i.code === 'invalid_union' && i.errors.length > 0) {
      const best = [...i.errors].sort((a, b) => rank(a) - rank(b))[0];
      if (best.length > 0) {
        out.push(...flatten(best, path));
        continue;
      }
    }
    out.push({ ...i, path } as ZIssue);
  }
  return out;
}

/** Fewer issues is better; an issue about the whole value (a type mismatch at the root) is worst. */
function rank(branch: readonly ZIssue[]): number {
  return branch.length + (rootTypeMismatch(branch) ? 1000 : 0);
}

/** The value is of the wrong type for the branch: directly, or for every branch of a nested union. */
function rootTypeMismatch(branch: readonly ZIssue[]): boolean {
  return branch.some(
    (i) =>
      i.path.length === 0 &&
      (i.code === 'invalid_type' ||
        (i.code === 'invalid_union' && i.errors.length > 0 && i.errors.every(rootTypeMismatch))),
  );
}

function isMissing(data: unknown, path: readonly PropertyKey[]): boolean {
  let node = data;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
  return (node as Record<PropertyKey, unknown>)[path[path.length - 1]] === undefined;
}

function missingMessage(i: ZIssue): string {
  if (i.code === 'invalid_type') return `required field is missing (expected ${i.expected})`;
  if (i.code === 'invalid_value')
    return `required field is missing (${i.message.replace(/^Invalid option: /, '')})`;
  return 'required field is missing';
}

function messageOf(i: ZIssue): string {
  if (i.code === 'invalid_type' && / received undefined$/.test(i.message)) {
    return `required field is missing (expected ${i.expected})`;
  }
  return i.message.replace(/^Invalid input: /, '');
}

/**
 * The loading pipeline shared by every file kind: parse (with positions) → schema → rules, all
 * issues of a file gathered before anything throws.
 */
import type { z } from 'zod';
import { InputError, type InputIssue } from '../../errors.js';
import type { RuleIssue } from '../rules/index.js';
import type { Locator } from './yaml.js';
import { issuesFromZod, locatedIssue } from './zod-issues.js';

/** A file checked without throwing: its value when the schema accepted it, and every issue found. */
export interface Checked<T> {
  value?: T;
  issues: InputIssue[];
}

export interface ParsedSource extends Locator {
  data: unknown;
  syntax: InputIssue[];
}

export function checkSchema<S extends z.ZodType>(src: ParsedSource, schema: S): Checked<z.output<S>> {
  if (src.syntax.length) return { issues: src.syntax };
  const r = schema.safeParse(src.data);
  if (!r.success) return { issues: issuesFromZod(r.error, src, src.data) };
  return { value: r.data, issues: [] };
}

export function locateRules(loc: Locator, rules: RuleIssue[]): InputIssue[] {
  return rules.map((r) => locatedIssue(loc, r.path, r.message, r.severity, { key: r.key }));
}

export const isError = (i: InputIssue): boolean => i.severity === 'error';

/** Throws when any issue is an error; warnings alone pass (callers that show warnings use check*). */
export function throwIfErrors(what: string, issues: InputIssue[]): void {
  const errors = issues.filter(isError).length;
  if (!errors) return;
  const files = new Set(issues.map((i) => i.file));
  const where = files.size === 1 ? [...files][0] : `${files.size} files`;
  throw new InputError(`invalid ${what} (${where}): ${errors} error${errors === 1 ? '' : 's'}`, issues);
}

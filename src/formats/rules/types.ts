/** A cross-field rule's finding: a path into the file as written, located later by the loader. */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
  severity: 'error' | 'warning';
  /** Point at the last path segment's key rather than its value (e.g. a name that is not allowed). */
  key?: boolean;
}

export const err = (path: (string | number)[], message: string): RuleIssue => ({
  path,
  message,
  severity: 'error',
});
export const warn = (path: (string | number)[], message: string): RuleIssue => ({
  path,
  message,
  severity: 'warning',
});

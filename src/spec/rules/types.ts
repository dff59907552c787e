/** A cross-field rule's finding: a path into the file as written, located later by the loader. */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
  severity: 'error' | 'warning';
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

/** Lezer never throws: error nodes become Loki-style parse errors (1-based line and column). */
import type { SyntaxNode, Tree } from '@lezer/common';
import { LogQLError } from '../api.js';
import { lokiSyntaxError } from './loki-lex.js';

export function lineCol(q: string, pos: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < pos && i < q.length; i++) {
    if (q[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, col: pos - start + 1 };
}

/**
 * Loki reads predicates separated by a space as `and` (`| a > 1  b = "x"`); the grammar marks the
 * gap with an empty error node between two label filters, which is not an error for us.
 */
function isImplicitAnd(n: SyntaxNode): boolean {
  return (
    n.from === n.to &&
    n.parent?.type.name === 'LabelFilter' &&
    n.prevSibling?.type.name === 'LabelFilter' &&
    n.nextSibling?.type.name === 'LabelFilter'
  );
}

export function hasSyntaxError(q: string, tree: Tree): boolean {
  try {
    throwOnSyntaxError(q, tree);
    return false;
  } catch {
    return true;
  }
}

export function throwOnSyntaxError(q: string, tree: Tree): void {
  let errPos = -1;
  tree.iterate({
    enter(n) {
      if (errPos >= 0) return false;
      if (n.type.isError && !isImplicitAnd(n.node)) {
        errPos = n.from;
        return false;
      }
      return undefined;
    },
  });
  if (errPos < 0) return;
  throw lokiSyntaxError(q, errPos);
}

/** Semantic errors after a clean parse, worded like Loki's `parse error : ...`. */
export function semanticError(msg: string): LogQLError {
  return new LogQLError('bad_data', `parse error : ${msg}`);
}

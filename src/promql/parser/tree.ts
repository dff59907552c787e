/** Small helpers over lezer's SyntaxNode: children without comments, first error node. */
import type { SyntaxNode, Tree } from '@lezer/common';

export function kids(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.name !== 'LineComment') out.push(c);
  return out;
}

/** The first error node in document order, if any. Lezer recovers instead of throwing. */
export function firstError(tree: Tree): { from: number; to: number } | undefined {
  let found: { from: number; to: number } | undefined;
  tree.iterate({
    enter(n) {
      if (found) return false;
      if (n.type.isError) {
        found = { from: n.from, to: n.to };
        return false;
      }
      return undefined;
    },
  });
  return found;
}

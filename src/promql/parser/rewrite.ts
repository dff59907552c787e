/**
 * Source rewrites for syntax that Prometheus 3 accepts but the pinned lezer grammar rejects:
 * `1.` number literals and the query-bound functions `step()`, `range()`, `start()`, `end()`,
 * `min_of(a, b)`, `max_of(a, b)`. Each such call is renamed to a grammar-known function of the
 * same shape and its output offset recorded, so the AST builder restores the real name.
 */
const NULLARY = new Set(['step', 'range', 'start', 'end']);
const BINARY = new Set(['min_of', 'max_of']);

export interface Rewritten {
  text: string;
  /** Output offset of a renamed function identifier → the real function name. */
  renamed: Map<number, string>;
}

export function rewriteQuery(q: string): Rewritten {
  const renamed = new Map<number, string>();
  if (!/\d\.(?!\d)|\b(?:step|range|start|end|min_of|max_of)\s*\(/.test(q)) return { text: q, renamed };
  let out = '';
  let depth = 0;
  for (let i = 0; i < q.length; ) {
    const c = q[i];
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < q.length && q[j] !== c) j += q[j] === '\\' && c !== '`' ? 2 : 1;
      out += q.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '#') {
      const j = q.indexOf('\n', i);
      const end = j < 0 ? q.length : j;
      out += q.slice(i, end);
      i = end;
      continue;
    }
    if (c === '[') depth++;
    if (c === ']') depth--;
    if (/[A-Za-z_]/.test(c)) {
      const id = /^[A-Za-z_][\w:]*/.exec(q.slice(i))![0];
      const rest = q.slice(i + id.length);
      const before = out.trimEnd();
      const afterAt = before.endsWith('@');
      if (depth === 0 && !afterAt && NULLARY.has(id) && /^\s*\(\s*\)/.test(rest)) {
        renamed.set(out.length, id);
        out += 'pi';
        i += id.length;
        continue;
      }
      if (depth === 0 && BINARY.has(id) && /^\s*\(/.test(rest)) {
        renamed.set(out.length, id);
        out += 'atan';
        i += id.length;
        continue;
      }
      out += id;
      i += id.length;
      continue;
    }
    if (/[0-9]/.test(c) && !/[\w.]/.test(out[out.length - 1] ?? '')) {
      const num = /^\d+(\.\d*)?([eE][+-]?\d+)?/.exec(q.slice(i))![0];
      out += /\.$/.test(num) ? `${num}0` : num;
      i += num.length;
      continue;
    }
    out += c;
    i++;
  }
  return { text: out, renamed };
}

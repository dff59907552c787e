/**
 * A Go text/template subset for line_format and label_format: text, `{{ pipeline }}`, `{{- -}}`
 * trimming, if / else if / else / end, pipes, parentheses, fields (`.name`), string, number and bool
 * literals. `range`, `with`, `define` and variables are rejected at parse time.
 */

export type Operand =
  | { k: 'field'; name: string }
  | { k: 'dot' }
  | { k: 'str'; v: string }
  /** `float`: written with `.`, `e` or `E` (not hex), so Go makes it a float64 constant. */
  | { k: 'num'; v: number; float: boolean }
  | { k: 'bool'; v: boolean }
  | { k: 'fn'; name: string }
  | { k: 'paren'; p: Pipeline };

export type Pipeline = Operand[][];

export type TNode =
  | { k: 'text'; v: string }
  | { k: 'action'; p: Pipeline }
  | { k: 'if'; branches: { cond: Pipeline; body: TNode[] }[]; otherwise: TNode[] };

export class TemplateError extends Error {}

type Tok = { t: 'field' | 'ident' | 'str' | 'num' | 'pipe' | 'lp' | 'rp'; v: string };

function lexAction(s: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '|') {
      out.push({ t: 'pipe', v: c });
      i++;
    } else if (c === '(' || c === ')') {
      out.push({ t: c === '(' ? 'lp' : 'rp', v: c });
      i++;
    } else if (c === '"' || c === '`') {
      let j = i + 1;
      while (j < s.length && s[j] !== c) j += s[j] === '\\' && c === '"' ? 2 : 1;
      if (j >= s.length) throw new TemplateError('unterminated quoted string');
      out.push({ t: 'str', v: s.slice(i, j + 1) });
      i = j + 1;
    } else if (c === '.') {
      const m = /^\.[A-Za-z0-9_]*/.exec(s.slice(i))!;
      out.push({ t: 'field', v: m[0].slice(1) });
      i += m[0].length;
    } else {
      const num = /^[-+]?(0[xX][0-9a-fA-F]+|\d+\.?\d*([eE][-+]?\d+)?|\.\d+)/.exec(s.slice(i));
      const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i));
      if (num) {
        out.push({ t: 'num', v: num[0] });
        i += num[0].length;
      } else if (id) {
        out.push({ t: 'ident', v: id[0] });
        i += id[0].length;
      } else throw new TemplateError(`unexpected "${c}" in command`);
    }
  }
  return out;
}

function unquoteTpl(raw: string): string {
  if (raw[0] === '`') return raw.slice(1, -1);
  try {
    return JSON.parse(raw.replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1')) as string;
  } catch {
    throw new TemplateError(`invalid quoted string ${raw}`);
  }
}

function pipelineOf(toks: Tok[], start: number, stopAtRp: boolean): { p: Pipeline; end: number } {
  const cmds: Pipeline = [[]];
  let i = start;
  while (i < toks.length) {
    const t = toks[i];
    if (t.t === 'rp') {
      if (!stopAtRp) throw new TemplateError('unexpected right paren');
      break;
    }
    if (t.t === 'pipe') {
      if (cmds[cmds.length - 1].length === 0) throw new TemplateError('missing value for command');
      cmds.push([]);
      i++;
      continue;
    }
    const cmd = cmds[cmds.length - 1];
    if (t.t === 'lp') {
      const inner = pipelineOf(toks, i + 1, true);
      if (toks[inner.end]?.t !== 'rp') throw new TemplateError('unclosed left paren');
      cmd.push({ k: 'paren', p: inner.p });
      i = inner.end + 1;
      continue;
    }
    if (t.t === 'field') cmd.push(t.v === '' ? { k: 'dot' } : { k: 'field', name: t.v });
    else if (t.t === 'str') cmd.push({ k: 'str', v: unquoteTpl(t.v) });
    else if (t.t === 'num')
      cmd.push({ k: 'num', v: Number(t.v), float: !/^[-+]?0[xX]/.test(t.v) && /[.eE]/.test(t.v) });
    else if (t.v === 'true' || t.v === 'false') cmd.push({ k: 'bool', v: t.v === 'true' });
    else cmd.push({ k: 'fn', name: t.v });
    i++;
  }
  if (cmds[cmds.length - 1].length === 0) throw new TemplateError('missing value for command');
  return { p: cmds, end: i };
}

interface Action {
  kw: 'if' | 'else' | 'elseif' | 'end' | 'expr';
  p?: Pipeline;
}

function actionOf(body: string): Action {
  const toks = lexAction(body);
  if (toks.length === 0) throw new TemplateError('missing value for command');
  const head = toks[0].t === 'ident' ? toks[0].v : '';
  if (['range', 'with', 'define', 'template', 'block', 'break', 'continue'].includes(head)) {
    throw new TemplateError(`unsupported action "${head}"`);
  }
  if (head === 'end') return { kw: 'end' };
  if (head === 'else') {
    if (toks.length === 1) return { kw: 'else' };
    if (toks[1].t === 'ident' && toks[1].v === 'if') return { kw: 'elseif', p: pipelineOf(toks, 2, false).p };
    throw new TemplateError('unexpected tokens after else');
  }
  if (head === 'if') return { kw: 'if', p: pipelineOf(toks, 1, false).p };
  return { kw: 'expr', p: pipelineOf(toks, 0, false).p };
}

const cache = new Map<string, TNode[]>();

export function parseTemplate(src: string): TNode[] {
  const hit = cache.get(src);
  if (hit) return hit;
  const pieces: ({ text: string } | { action: Action })[] = [];
  let i = 0;
  let trimNext = false;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    let txt = open < 0 ? src.slice(i) : src.slice(i, open);
    if (trimNext) txt = txt.replace(/^\s+/, '');
    if (open < 0) {
      pieces.push({ text: txt });
      break;
    }
    const close = src.indexOf('}}', open + 2);
    if (close < 0) throw new TemplateError('unclosed action');
    let body = src.slice(open + 2, close);
    if (/^-\s/.test(body)) {
      txt = txt.replace(/\s+$/, '');
      body = body.slice(1);
    }
    trimNext = /\s-$/.test(body);
    if (trimNext) body = body.slice(0, -1);
    pieces.push({ text: txt });
    if (!/^\s*\/\*[\s\S]*\*\/\s*$/.test(body)) pieces.push({ action: actionOf(body) });
    i = close + 2;
  }
  let pos = 0;
  const block = (): { nodes: TNode[]; stop?: Action } => {
    const nodes: TNode[] = [];
    while (pos < pieces.length) {
      const pc = pieces[pos++];
      if ('text' in pc) {
        if (pc.text) nodes.push({ k: 'text', v: pc.text });
        continue;
      }
      const a = pc.action;
      if (a.kw === 'expr') nodes.push({ k: 'action', p: a.p! });
      else if (a.kw === 'if') nodes.push(ifOf(a.p!));
      else return { nodes, stop: a };
    }
    return { nodes };
  };
  const ifOf = (cond: Pipeline): TNode => {
    const branches: { cond: Pipeline; body: TNode[] }[] = [];
    let c = cond;
    for (;;) {
      const b = block();
      branches.push({ cond: c, body: b.nodes });
      if (!b.stop) throw new TemplateError('unexpected EOF');
      if (b.stop.kw === 'end') return { k: 'if', branches, otherwise: [] };
      if (b.stop.kw === 'elseif') {
        c = b.stop.p!;
        continue;
      }
      const rest = block();
      if (rest.stop?.kw !== 'end') throw new TemplateError('expected end after else');
      return { k: 'if', branches, otherwise: rest.nodes };
    }
  };
  const top = block();
  if (top.stop) throw new TemplateError(`unexpected {{${top.stop.kw}}}`);
  if (cache.size > 1000) cache.clear();
  cache.set(src, top.nodes);
  return top.nodes;
}

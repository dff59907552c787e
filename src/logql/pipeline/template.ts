/** Renders a parsed template against one entry's labels, line and time. */
import { GoFloat, printValue, type TValue } from './go-format.js';
import { FUNCS, type TplContext, truthy } from './template-funcs.js';
import { type Operand, type Pipeline, parseTemplate, TemplateError, type TNode } from './template-parse.js';

export type { TplContext } from './template-funcs.js';
export { TemplateError } from './template-parse.js';

const MAX_OUTPUT = 1 << 20;

/** Parses eagerly so a malformed template is a query error, not a per-line one. */
export function compileTemplate(src: string): (ctx: TplContext) => string {
  const nodes = parseTemplate(src);
  checkFunctions(nodes);
  if (nodes.length === 1 && nodes[0].k === 'text') {
    const v = nodes[0].v;
    return () => v;
  }
  return (ctx) => {
    const out: string[] = [];
    render(nodes, ctx, out);
    return out.join('');
  };
}

function checkFunctions(nodes: TNode[]): void {
  const pipe = (p: Pipeline) => {
    for (const cmd of p)
      for (const o of cmd) {
        if (o.k === 'fn' && !FUNCS[o.name]) throw new TemplateError(`function "${o.name}" not defined`);
        if (o.k === 'paren') pipe(o.p);
      }
  };
  for (const n of nodes) {
    if (n.k === 'action') pipe(n.p);
    if (n.k === 'if') {
      for (const b of n.branches) {
        pipe(b.cond);
        checkFunctions(b.body);
      }
      checkFunctions(n.otherwise);
    }
  }
}

function render(nodes: TNode[], ctx: TplContext, out: string[]): void {
  for (const n of nodes) {
    if (n.k === 'text') out.push(n.v);
    else if (n.k === 'action') out.push(printValue(evalPipeline(n.p, ctx) ?? ''));
    else {
      const b = n.branches.find((br) => truthy(evalPipeline(br.cond, ctx)));
      render(b ? b.body : n.otherwise, ctx, out);
    }
    if (out.length > 10_000 || out.reduce((s, x) => s + x.length, 0) > MAX_OUTPUT) {
      throw new TemplateError('template output too large');
    }
  }
}

function evalPipeline(p: Pipeline, ctx: TplContext): TValue {
  let piped: TValue | undefined;
  for (const cmd of p) piped = evalCommand(cmd, ctx, piped);
  return piped ?? null;
}

function evalCommand(cmd: Operand[], ctx: TplContext, piped: TValue | undefined): TValue {
  const head = cmd[0];
  if (head.k === 'fn') {
    const args = cmd.slice(1).map((o) => operand(o, ctx));
    if (piped !== undefined) args.push(piped);
    return FUNCS[head.name](args, ctx);
  }
  if (cmd.length > 1 || piped !== undefined)
    throw new TemplateError(`can't give argument to non-function ${describe(head)}`);
  return operand(head, ctx);
}

function operand(o: Operand, ctx: TplContext): TValue {
  switch (o.k) {
    case 'field':
      return ctx.labels[o.name] ?? '';
    case 'dot': {
      // Go prints a map as map[k:v ...] with sorted keys.
      const keys = Object.keys(ctx.labels).sort();
      return `map[${keys.map((k) => `${k}:${ctx.labels[k]}`).join(' ')}]`;
    }
    case 'num':
      return o.float ? new GoFloat(o.v) : o.v;
    case 'str':
    case 'bool':
      return o.v;
    case 'fn':
      return FUNCS[o.name]([], ctx);
    case 'paren':
      return evalPipeline(o.p, ctx);
  }
}

function describe(o: Operand): string {
  return o.k === 'field' ? `.${o.name}` : o.k;
}

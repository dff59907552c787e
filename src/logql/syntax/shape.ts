/**
 * A query's shape for no-progress fingerprints: selector label names, stage kinds, operators and
 * grouping kept; every value (strings, numbers, ranges, label values) masked as `?`.
 */
import type { LabelFilterExpr, LogExpr, LogQuery, MetricExpr, Stage } from './ast.js';

function filterShape(f: LabelFilterExpr): string {
  switch (f.kind) {
    case 'and':
    case 'or':
      return `${filterShape(f.left)} ${f.kind} ${filterShape(f.right)}`;
    case 'match':
      return `${f.matcher.name}${f.matcher.op}?`;
    default:
      return `${f.name}${f.op}?`;
  }
}

function stageShape(s: Stage): string {
  switch (s.kind) {
    case 'lineFilter':
      return `${s.op} ?`;
    case 'json':
    case 'logfmt':
      return `| ${s.kind}${s.params.length ? ` ${s.params.map((p) => p.label).join(',')}` : ''}`;
    case 'labelFilter':
      return `| ${filterShape(s.filter)}`;
    case 'labelFormat':
      return `| label_format ${s.ops.map((o) => o.dst).join(',')}`;
    case 'drop':
    case 'keep':
      return `| ${s.kind} ${s.items.map((i) => i.name).join(',')}`;
    case 'lineFormat':
      return '| line_format ?';
    case 'regexp':
    case 'pattern':
      return `| ${s.kind} ?`;
    default:
      return `| ${s.kind}`;
  }
}

function logShape(q: LogQuery): string {
  const names = [...new Set(q.selector.map((m) => `${m.name}${m.op}?`))].sort();
  return [`{${names.join(',')}}`, ...q.stages.map(stageShape)].join(' ');
}

function metricShape(e: MetricExpr): string {
  switch (e.kind) {
    case 'range': {
      const uw = e.unwrap
        ? ` | unwrap ${e.unwrap.conv ? `${e.unwrap.conv}(${e.unwrap.label})` : e.unwrap.label}`
        : '';
      const g = e.grouping
        ? ` ${e.grouping.without ? 'without' : 'by'} (${e.grouping.labels.join(',')})`
        : '';
      return `${e.op}(${e.param !== undefined ? '?, ' : ''}${logShape(e.log)}${uw} [?])${g}`;
    }
    case 'vagg': {
      const g = e.grouping
        ? ` ${e.grouping.without ? 'without' : 'by'} (${e.grouping.labels.join(',')})`
        : '';
      return `${e.op}${g}(${e.param !== undefined ? '?, ' : ''}${metricShape(e.expr)})`;
    }
    case 'binop':
      return `(${metricShape(e.lhs)} ${e.op}${e.bool ? ' bool' : ''} ${metricShape(e.rhs)})`;
    case 'literal':
      return '?';
    case 'vector':
      return 'vector(?)';
    case 'labelReplace':
      return `label_replace(${metricShape(e.expr)}, ?)`;
  }
}

export function shapeOf(e: LogExpr): string {
  return e.kind === 'log' ? logShape(e) : metricShape(e);
}

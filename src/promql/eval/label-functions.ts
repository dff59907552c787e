/** label_replace and label_join. Both keep the metric name and may create duplicate label sets. */

import { anchoredRegex } from '../../world/matchers.js';
import type { GoRegexp } from '../../world/re2.js';
import { expand } from '../../world/re2-replace.js';
import { PromQLError } from '../api.js';
import type { FnEnv } from './context.js';
import { makeLabels } from './labels.js';
import type { Sample } from './types.js';

const LABEL_NAME_RE = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function checkName(name: string): void {
  if (!LABEL_NAME_RE.test(name) && !isValidUtf8Name(name)) {
    throw new PromQLError('execution', `invalid label name "${name}"`);
  }
}

/** Prometheus 3 allows any valid UTF-8 label name except the empty one. */
function isValidUtf8Name(name: string): boolean {
  return name.length > 0 && !name.includes('\uFFFD');
}

export function labelReplace(
  samples: Sample[],
  dst: string,
  repl: string,
  src: string,
  re: string,
  _env: FnEnv,
): Sample[] {
  let rx: GoRegexp;
  try {
    rx = anchoredRegex(re);
  } catch {
    // Prometheus compiles it while evaluating (funcLabelReplace panics): an execution error, 422.
    throw new PromQLError('execution', `invalid regular expression in label_replace(): ${re}`);
  }
  checkName(dst);
  return samples.map((s) => {
    const m = rx.find(s.labels[src] ?? '');
    if (!m) return s;
    // Go's Regexp.Expand: `$1x` names group `1x`, and a group past the last is empty.
    const value = expand(repl, rx, m);
    return { labels: makeLabels({ ...s.labels, [dst]: value }), v: s.v };
  });
}

export function labelJoin(
  samples: Sample[],
  dst: string,
  sep: string,
  srcs: string[],
  _env: FnEnv,
): Sample[] {
  checkName(dst);
  for (const s of srcs) checkName(s);
  return samples.map((s) => {
    const value = srcs.map((n) => s.labels[n] ?? '').join(sep);
    return { labels: makeLabels({ ...s.labels, [dst]: value }), v: s.v };
  });
}

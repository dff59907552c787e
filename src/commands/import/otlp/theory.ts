/**
 * Where an imported trace's Theory is (docs/import.md, The Theory), in this order: a span attribute
 * or event attribute `rematch.theory.json` (what `bench export otlp` writes), the arguments of a
 * `submit_theory` tool call, then the agent's final message: the root span's output (OpenInference
 * `output.value`, GenAI `gen_ai.output.messages`), else the last model turn's. In a message, a
 * JSON object that reads as a Theory, bare or in a fenced code block. None found: no Theory, said so.
 */
import { Theory } from '../../../formats/theory.js';
import type { ImportedSpan } from './spans.js';

type Json = Record<string, unknown>;
const isRec = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface FoundTheory {
  theory: Theory;
  /** Where it was found, for the import's notes. */
  from: string;
}

function asTheory(v: unknown): Theory | undefined {
  const r = Theory.safeParse(isRec(v) && isRec(v.theory) ? v.theory : v);
  return r.success ? r.data : undefined;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every text a message value holds: strings, GenAI message parts (`content`), nested JSON. */
function texts(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') {
    out.push(v);
    const inner = parse(v);
    if (inner !== undefined && typeof inner !== 'string') texts(inner, out);
  } else if (Array.isArray(v)) for (const x of v) texts(x, out);
  else if (isRec(v)) for (const x of Object.values(v)) texts(x, out);
  return out;
}

/** A Theory in free text: the whole text, a fenced block, or the outermost braces. */
function theoryInText(text: string): Theory | undefined {
  const candidates = [text, ...[...text.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].map((m) => m[1])];
  const a = text.indexOf('{');
  const b = text.lastIndexOf('}');
  if (a >= 0 && b > a) candidates.push(text.slice(a, b + 1));
  for (const c of candidates) {
    const t = asTheory(parse(c.trim()));
    if (t) return t;
  }
  return undefined;
}

function fromMessage(s: ImportedSpan): Theory | undefined {
  for (const key of ['output.value', 'gen_ai.output.messages', 'gen_ai.completion', 'llm.output_messages']) {
    const v = s.attrs[key];
    if (v === undefined) continue;
    const direct = asTheory(typeof v === 'string' ? parse(v) : v);
    if (direct) return direct;
    for (const t of texts(v).reverse()) {
      const found = theoryInText(t);
      if (found) return found;
    }
  }
  // GenAI content events (gen_ai.choice, gen_ai.assistant.message) carry the message too
  for (const e of [...s.events].reverse()) {
    for (const t of texts(Object.values(e.attrs)).reverse()) {
      const found = theoryInText(t);
      if (found) return found;
    }
  }
  return undefined;
}

export function findTheory(
  spans: readonly ImportedSpan[],
  root: ImportedSpan,
  submitArgs: readonly { args: unknown; span: ImportedSpan }[],
  lastTurn: ImportedSpan | undefined,
): FoundTheory | undefined {
  for (const s of [...spans].reverse()) {
    const attrs = [s.attrs, ...[...s.events].reverse().map((e) => e.attrs)];
    for (const a of attrs) {
      const v = a['rematch.theory.json'];
      const t = typeof v === 'string' ? asTheory(parse(v)) : undefined;
      if (t) return { theory: t, from: `rematch.theory.json on span "${s.name}"` };
    }
  }
  for (const c of [...submitArgs].reverse()) {
    const t = asTheory(c.args);
    if (t) return { theory: t, from: `the arguments of "${c.span.name}"` };
  }
  const fromRoot = fromMessage(root);
  if (fromRoot) return { theory: fromRoot, from: `the final message of "${root.name}"` };
  const fromTurn = lastTurn && fromMessage(lastTurn);
  if (fromTurn && lastTurn) return { theory: fromTurn, from: `the last model turn "${lastTurn.name}"` };
  return undefined;
}

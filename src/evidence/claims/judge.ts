/**
 * Every claim of a Theory against the calls it rests on (docs/scoring.md, "Claims"). A claim of
 * absence, zero or normality is backed only by a *measured* live call about its subject (the call
 * ran, answered ok or empty without a failure, and every selector of it read data); a failed,
 * refused, vacuous or context call never backs one. A claim that cites calls inline ("(c5)") is
 * backed only by those. A claim with no subject of its own takes the subject of the clause before
 * it in the same field; one that still has none is judged, conservatively, against every source
 * it could be about. A claim of fact resting on context (a runbook, notes) is context-as-evidence
 * wherever it stands, and a field in a language the rules cannot read is flagged.
 */
import type { Golden, MeasurementSpec } from '../../formats/golden/index.js';
import type { Theory } from '../../formats/theory.js';
import type { Source } from '../../formats/vocabulary.js';
import { isAbout } from '../about.js';
import { type EvidenceCall, type EvidenceSet, isMeasured, isNotEvidenceClass } from '../calls.js';
import { textNamesQuery } from '../query-parts.js';
import { showsValue } from '../values.js';
import { type Baseline, baselineOf, COMPARATIVE, readsBaseline } from './baseline.js';
import { isZeroAt } from './numbers.js';
import { type Polarity, readClause, restsOnContext } from './polarity.js';
import { isRunClaim, runClaimProblem } from './run-claims.js';
import { type Clause, clausesOfField, type Field, fieldsOf, lexiconsOf } from './split.js';
import { isEmptySubject, type Linker, type Subject } from './subject.js';
import { valueUnshown } from './value-claims.js';

export type ClaimPart = 'A' | 'B' | 'summary' | 'rootCause';

export interface ClaimRef {
  text: string;
  where: string;
}

export type ClaimProblem =
  /** Absence claimed about a linked subject no measured call about it backs. */
  | { kind: 'absence'; part: ClaimPart; claim: ClaimRef; measurement?: string; detail: string }
  /** Absence with no subject to link, not backed on every source it could be about. */
  | { kind: 'unlinked'; part: ClaimPart; claim: ClaimRef; sources: Source[]; detail: string }
  /** A claim of fact resting on context: a runbook, notes, or a context call cited inline. */
  | { kind: 'context'; part: ClaimPart; claim: ClaimRef; detail: string }
  /** A field (or sentence) in a language the rules cannot read, its sources not all measured. */
  | { kind: 'unreadable'; part: ClaimPart; claim: ClaimRef; detail: string }
  /** A call id cited inline that the trace does not hold. */
  | { kind: 'fabricated'; part: ClaimPart; claim: ClaimRef; callId: string }
  /** A number stated on inline citations that do not show it (or read something else). */
  | { kind: 'value'; part: ClaimPart; claim: ClaimRef; detail: string };

/** One read claim: a clause with its polarity, subject and inline citations. */
export interface ReadClaim {
  clause: Clause;
  polarity: Polarity;
  subject: Subject;
  /** Whether the subject was taken from the clause before it. */
  inherited: boolean;
  /** "Everything else", "otherwise": about what the Theory did not name, its declared gaps aside. */
  elsewhere: boolean;
  /** Call ids cited inline, in the trace or not. */
  cites: string[];
  /** An absence written as a zero ("failed requests: 0"): only a call that showed zero backs it. */
  zero: boolean;
  /** The citations of the clause its subject came from, when that clause stands in the same sentence. */
  inheritedCites: string[];
  /** The past period a comparison asserts normality against (baseline.ts), its own or inherited. */
  baseline?: Baseline;
}

const clip = (s: string): string => (s.length > 140 ? `${s.slice(0, 137)}...` : s);
const partOfField = (f: Field): ClaimPart => f.part ?? (f.kind === 'rootCause' ? 'rootCause' : 'summary');

/** Call ids cited inline: `c12`, `(c3, c4)`, `call c7`; and any id of the trace written as a word. */
function inlineCites(text: string, set: EvidenceSet): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(/(?<![\w-])(c\d{1,5})(?![\w-])/g)) ids.add(m[1]);
  for (const id of set.byId.keys()) {
    if (
      !/^c\d+$/.test(id) &&
      id.length >= 3 &&
      new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text)
    )
      ids.add(id);
  }
  return [...ids];
}

/** A clause saying its subject was looked at: what follows it speaks of that subject. */
const LOOKED =
  /\b(?:check|review|quer(?:y|ied|ies)|search|look|examin|inspect|scan|read|compar|went\s+(?:through|over)|grep|analy[sz]|audit|verif|investigat|revis|consult|untersucht|gepruft|revis|verific)\w*/;

/** Words that make a clause a statement rather than a topic (a verb, an auxiliary). */
const VERBISH =
  /\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|shows?|showed|shown|caus\w*|made|makes?|opens?|opened|rose|fell|spiked?|peaked|reached|hit|went|came|stayed|remained|became|held|holds|logged|returned|answered|reported|saw|seen|found)\b|\w{3,}ed\b/;

/** A bare noun phrase, a heading: it names a topic and claims nothing yet. */
function topic(folded: string): boolean {
  const words = folded.match(/[\p{L}\p{N}'-]+/gu) ?? [];
  return words.length > 0 && words.length <= 7 && !VERBISH.test(folded);
}

/** Every claim of a Theory, read. */
export function readClaims(theory: Theory, set: EvidenceSet, link: Linker): ReadClaim[] {
  const out: ReadClaim[] = [];
  for (const field of fieldsOf(theory)) {
    let last: Subject | undefined;
    let lastRow: string | undefined;
    let lastLooked = false;
    let lastSentence = -1;
    let lastCites: string[] = [];
    let lastBaseline: Baseline | undefined;
    for (const clause of clausesOfField(field)) {
      const read = readClause(clause.folded, lexiconsOf(clause.language));
      const cites = inlineCites(clause.text, set);
      const cited = [...new Set(cites.flatMap((id) => set.byId.get(id)?.source ?? []))];
      const own = link.link({ ...clause, part: clause.field.part, cited });
      let polarity = read.polarity;
      // A number that rounds to zero at the tolerance of the measurement it is about is a zero.
      if (
        polarity === 'value' &&
        own.measurements.length === 1 &&
        read.numbers.some((n) => isZeroAt(n.value, own.measurements[0].tolerance?.abs))
      ) {
        polarity = 'absence';
      }
      // "Everything else", "otherwise", "the rest": about what the clause before did NOT name.
      const elsewhere =
        /\b(?:else|other|others|otherwise|rest|remaining|besides|apart\s+from|beyond\s+that|sonst|resto|reste|demais|autres?|otros?|andere\w*)\b/.test(
          clause.folded,
        );
      // A clause that cites calls inline speaks of what those calls read: it takes no subject
      // from the clause before it.
      // A subject carries over to the clause after one that sets it as the topic: says it was looked
      // at ("The payments logs were reviewed. No errors.") or names it alone ("### The payments logs",
      // "Then the payments error logs."); and from cell to cell of a table row.
      // Within one sentence a later clause speaks of what the earlier one named, on its citations
      // ("... no errors (c16), so the pods themselves are healthy"; "... (c13) and renewals were fine").
      const sameRow = clause.row !== undefined && clause.row === lastRow;
      const sameSentence = clause.sentence === lastSentence;
      const inherited =
        isEmptySubject(own) &&
        last !== undefined &&
        !elsewhere &&
        cites.length === 0 &&
        (lastLooked || sameRow || sameSentence);
      const subject = inherited ? last! : own;
      const inheritedCites = inherited && sameSentence ? lastCites : [];
      // "The payments logs were compared with last week. No worse.": the period comes with the subject.
      const baseline =
        baselineOf(clause.folded) ??
        (inherited && COMPARATIVE.test(clause.folded) ? lastBaseline : undefined);
      if (!isEmptySubject(own)) {
        lastBaseline = baselineOf(clause.folded);
        last = own;
        lastRow = clause.row;
        lastSentence = clause.sentence;
        lastCites = cites;
        lastLooked = polarity === 'none' && (LOOKED.test(clause.folded) || topic(clause.folded));
      } else if (clause.row === undefined) lastRow = undefined;
      const zero = polarity === 'absence' && (read.zero === true || read.polarity === 'value');
      out.push({
        clause,
        polarity,
        subject,
        inherited,
        elsewhere,
        cites,
        inheritedCites,
        zero,
        ...(baseline ? { baseline } : {}),
      });
    }
  }
  return out;
}

export interface JudgeContext {
  golden: Golden;
  set: EvidenceSet;
  link: Linker;
}

const measuredAbout = (c: EvidenceCall, m: MeasurementSpec): boolean =>
  isMeasured(c, m.source) && isAbout(c, m);

/** Why nothing backs a subject item: what the calls about it did. */
function why(calls: EvidenceCall[]): string {
  if (calls.length === 0) return 'no live call looked at it';
  const kinds = new Set(
    calls.map((c) =>
      c.reallyFailed
        ? 'failed'
        : !c.ran
          ? 'refused'
          : c.outcome === 'rejected'
            ? 'rejected'
            : c.unmatched?.length
              ? 'vacuous (its selector matched nothing)'
              : (c.outcome ?? 'no result'),
    ),
  );
  return `every call about it was ${[...kinds].join(' or ')} (${calls.map((c) => c.id).join(', ')})`;
}

/** The scope a field speaks for: its part's measurements, or every measurement for summary and root cause. */
function scopeOf(field: Field, ctx: JudgeContext): MeasurementSpec[] {
  return field.part ? ctx.golden.parts[field.part].measurements : [...ctx.link.specs];
}

/**
 * A source, judged conservatively: some measured call of it among the candidates, and every
 * measurement of it in scope measured by some call about it (an unobtainable one never is).
 */
function sourceUnbacked(
  s: Source,
  scope: MeasurementSpec[],
  candidates: EvidenceCall[],
  ctx: JudgeContext,
  except: ReadonlySet<string> = new Set(),
): string | undefined {
  if (!candidates.some((c) => isMeasured(c, s))) return `no measured live ${s} call`;
  const open = scope.filter(
    (m) => m.source === s && !except.has(m.id) && !ctx.set.calls.some((c) => measuredAbout(c, m)),
  );
  return open.length
    ? `${s} measurement${open.length > 1 ? 's' : ''} ${open.map((m) => m.id).join(', ')} not measured`
    : undefined;
}

/**
 * A comparison with a baseline, judged as an absence on the calls that read the baseline period
 * or showed zero (baseline.ts); its detail says which period no call read.
 */
function judgeAbsence(
  r: ReadClaim,
  ctx: JudgeContext,
  candidates: EvidenceCall[],
  theory: Theory,
  declared: ReadonlySet<string>,
): ClaimProblem | undefined {
  const b = r.baseline;
  if (!b) return judgeNow(r, ctx, candidates, theory, declared);
  const fits = (c: EvidenceCall): boolean =>
    readsBaseline(c, b, ctx.golden) || (isMeasured(c) && showsValue(c, 0));
  const bad = judgeNow(r, ctx, candidates, theory, declared, fits);
  if (!bad || bad.kind === 'context' || bad.kind === 'fabricated') return bad;
  return {
    ...bad,
    detail: `${bad.detail}; it compares with ${b.label}, and no measured call about it read ${b.periodMs !== undefined ? 'that period' : 'a period before the incident'} or showed zero`,
  } as ClaimProblem;
}

function judgeNow(
  r: ReadClaim,
  ctx: JudgeContext,
  allCandidates: EvidenceCall[],
  theory: Theory,
  declared: ReadonlySet<string>,
  fits: (c: EvidenceCall) => boolean = () => true,
): ClaimProblem | undefined {
  const candidates = allCandidates.filter(fits);
  const { subject, clause } = r;
  // "Everything else" leaves out what the Theory itself declared a gap: the reader was told. A
  // claim that names nothing at all is judged on every source it could mean, declared gaps included.
  const except = r.elsewhere ? declared : new Set<string>();
  const part = partOfField(clause.field);
  const claim = { text: clip(clause.text), where: clause.where };
  // Naming no source, a part's text speaks of that part's sources.
  const named = subject.sources.length
    ? subject.sources
    : clause.field.part
      ? [...new Set(ctx.golden.parts[clause.field.part].measurements.map((m) => m.source))]
      : [];
  const inSources = (c: EvidenceCall): boolean =>
    named.length === 0 || (c.source !== undefined && named.includes(c.source));
  const reported = [...theory.parts.A.measurements, ...theory.parts.B.measurements];
  // A written zero is backed only by a call that showed zero (a measured zero or a measured
  // empty): "failed requests: 0" is not backed by a 5xx rate of 0.05.
  const showsZero = (c: EvidenceCall): boolean => !r.zero || showsValue(c, 0);
  for (const m of subject.measurements) {
    // A claim's own inline citations decide when it has any: the measurement's other evidence
    // never overrides a cited vacuous, failed, refused or context call. Citing nothing, a
    // measurement the Theory reports is backed by what it cites for it.
    const rep = reported.find((x) => x.id === m.id);
    const own =
      rep && r.cites.length === 0
        ? rep.evidence
            .map((id) => ctx.set.byId.get(id))
            .filter((c): c is EvidenceCall => c !== undefined && fits(c))
        : candidates;
    if (own.some((c) => measuredAbout(c, m))) continue;
    const about = ctx.set.calls.filter((c) => c.class === 'live' && isAbout(c, m));
    return {
      kind: 'absence',
      part,
      claim,
      measurement: m.id,
      detail: `claims absence for ${m.id}, but no measured live ${m.source} call about it backs it: ${why(about)}`,
    };
  }
  if (subject.measurements.length) return undefined;
  for (const v of subject.values) {
    // The calls about a value are those that name it; only when none does, those that read it
    // through a wider selector (`{namespace="edge"}` for the gateway).
    const direct = ctx.set.calls.some((c) => c.class === 'live' && inSources(c) && ctx.link.aboutValue(c, v));
    const how = direct ? 'direct' : 'world';
    if (
      candidates.some((c) => isMeasured(c) && inSources(c) && ctx.link.aboutValue(c, v, how) && showsZero(c))
    )
      continue;
    const about = ctx.set.calls.filter(
      (c) => c.class === 'live' && inSources(c) && ctx.link.aboutValue(c, v, how),
    );
    const src = named.length ? ` ${named.join('/')}` : '';
    return {
      kind: 'absence',
      part,
      claim,
      detail: `claims absence about "${v}"${src}, but no measured live call about it backs it: ${why(about)}`,
    };
  }
  if (subject.values.length) return undefined;
  for (const t of subject.terms) {
    if (candidates.some((c) => isMeasured(c) && inSources(c) && ctx.link.aboutTerm(c, t) && showsZero(c)))
      continue;
    const about = ctx.set.calls.filter((c) => c.class === 'live' && inSources(c) && ctx.link.aboutTerm(c, t));
    return {
      kind: 'absence',
      part,
      claim,
      detail: `claims absence about "${t}", but no measured live call about it backs it: ${why(about)}`,
    };
  }
  if (subject.terms.length) return undefined;
  // Naming nothing but citing calls, a claim speaks of what those calls read.
  if (isEmptySubject(subject) && r.cites.length) {
    if (candidates.some((c) => isMeasured(c))) return undefined;
    return {
      kind: 'absence',
      part,
      claim,
      detail: `claims absence on the calls it cites, none of which measured: ${why(candidates)}`,
    };
  }
  const scope = scopeOf(clause.field, ctx);
  if (subject.sources.length) {
    for (const s of subject.sources) {
      const bad = sourceUnbacked(s, scope, candidates, ctx, except);
      if (bad) return { kind: 'absence', part, claim, detail: `claims absence across the ${s}: ${bad}` };
    }
    return undefined;
  }
  const sources = [...new Set(scope.map((m) => m.source))];
  for (const s of sources) {
    const bad = sourceUnbacked(s, scope, candidates, ctx, except);
    if (bad)
      return {
        kind: 'unlinked',
        part,
        claim,
        sources,
        detail: `claims absence about nothing it names, so about every source it could mean (${sources.join(', ')}): ${bad}`,
      };
  }
  return undefined;
}

/**
 * A claim in a language the rules cannot read, judged as if it claimed absence of what it names
 * (the rules cannot tell that it does not). It is otherwise backed when its sentence cites calls
 * that measured, or failed calls the Theory declares as gaps (the sentence restates its gap); or,
 * citing nothing, when a measured call backs what it names, or (naming nothing) every source it
 * could speak of is measured (what the Theory declared a gap aside). A declared gap never excuses
 * a claim that names its subject: "no errors in cert-manager's logs" beside a declared
 * cert-manager gap is the contradiction itself.
 */
function unreadableUnbacked(
  r: ReadClaim,
  claims: readonly ReadClaim[],
  theory: Theory,
  ctx: JudgeContext,
  declared: ReadonlySet<string>,
): string | undefined {
  const cites = [
    ...new Set(
      claims
        .filter((o) => o.clause.field === r.clause.field && o.clause.sentence === r.clause.sentence)
        .flatMap((o) => o.cites),
    ),
  ];
  const cited = cites.map((id) => ctx.set.byId.get(id)).filter((c): c is EvidenceCall => c !== undefined);
  if (cited.length) {
    const gaps = [...theory.parts.A.gaps, ...theory.parts.B.gaps];
    const open = cited.filter(
      (c: EvidenceCall) =>
        !isNotEvidenceClass(c) &&
        !isMeasured(c as EvidenceCall | undefined) &&
        !gaps.some(
          (g) => g.callId === c.id || (g.failedQuery !== undefined && textNamesQuery(g.failedQuery, c)),
        ),
    );
    return open.length ? `it cites ${why(open).replace(/^every call about it was /, '')}` : undefined;
  }
  if (isEmptySubject(r.subject)) {
    // Naming nothing, it may be about anything in scope but what the Theory declared unknown.
    const scope = scopeOf(r.clause.field, ctx);
    const open = [...new Set(scope.map((m) => m.source))]
      .map((s) => sourceUnbacked(s, scope, [...ctx.set.calls], ctx, declared))
      .filter((x) => x !== undefined);
    return open.length ? open.join('; ') : undefined;
  }
  const asAbsence: ReadClaim = { ...r, polarity: 'absence', elsewhere: false };
  const bad = judgeAbsence(asAbsence, ctx, [...ctx.set.calls], theory, new Set());
  return bad && 'detail' in bad ? bad.detail : undefined;
}

const inheritedOf = (r: ReadClaim, ctx: JudgeContext): EvidenceCall[] =>
  r.inheritedCites.map((id) => ctx.set.byId.get(id)).filter((c): c is EvidenceCall => c !== undefined);

const STATE_VERB =
  /\b(?:is|are|was|were|holds?|has|have|had|means?|caus\w+|shows?|showed|indicates?|contains?|peaks?|reach\w*)\b/;

/** Every problem of a Theory's claims. */
export function claimProblems(theory: Theory, ctx: JudgeContext): ClaimProblem[] {
  const out: ClaimProblem[] = [];
  const claims = readClaims(theory, ctx.set, ctx.link);
  // What the Theory itself declares unknown: its gaps' measurements and what its gap clauses name.
  const declared = new Set<string>([
    ...[...theory.parts.A.gaps, ...theory.parts.B.gaps].flatMap((g) =>
      g.measurement ? [g.measurement] : [],
    ),
    ...claims.filter((r) => r.polarity === 'gap').flatMap((r) => r.subject.measurements.map((m) => m.id)),
  ]);
  const unreadFields = new Set<Field>();
  for (const r of claims) {
    const { clause } = r;
    const part = partOfField(clause.field);
    const claim = { text: clip(clause.text), where: clause.where };
    for (const id of r.cites)
      if (!ctx.set.byId.has(id)) out.push({ kind: 'fabricated', part, claim, callId: id });
    const cited = r.cites.map((id) => ctx.set.byId.get(id)).filter((c): c is EvidenceCall => c !== undefined);
    const claimOfFact = r.polarity === 'absence' || r.polarity === 'value' || STATE_VERB.test(clause.folded);
    const ctxCall = cited.find(isNotEvidenceClass);
    const rests = restsOnContext(clause.folded, lexiconsOf(clause.language));
    // Citing a context call inline is resting on it, unless the clause only says the agent used it.
    const ownAction =
      /\b(?:i|we)\s+(?:\w+\s+)?(?:loaded|read|opened|consulted|searched|checked|looked|used|listed)\b/.test(
        clause.folded,
      );
    if (
      r.polarity !== 'gap' &&
      (ctxCall ? !ownAction : rests === 'says' || (rests === 'per' && claimOfFact))
    ) {
      if (ctxCall)
        out.push({
          kind: 'context',
          part,
          claim,
          detail: `rests on ${ctxCall.tool} call ${ctxCall.id}, which is context, not live evidence`,
        });
      else
        out.push({
          kind: 'context',
          part,
          claim,
          detail:
            'states as fact what a context source (runbook, notes, docs) says, not what a live query measured',
        });
    }
    if (clause.language === 'unreadable') {
      if (!unreadFields.has(clause.field)) {
        const bad = unreadableUnbacked(r, claims, theory, ctx, declared);
        if (bad) {
          unreadFields.add(clause.field);
          out.push({
            kind: 'unreadable',
            part,
            claim,
            detail: `written in a language the rules cannot read (${clause.recognised ?? 'unknown'}), and not otherwise backed: ${bad}`,
          });
        }
      }
      continue;
    }
    // "Every query answered cleanly": a claim about the agent's own calls, which the trace settles.
    if (isRunClaim(clause.folded)) {
      // "Apart from c4, every query answered": the exception may stand in a clause of its own
      const sentence = claims
        .filter((o) => o.clause.field === clause.field && o.clause.sentence === clause.sentence)
        .map((o) => o.clause.folded)
        .join(' ');
      const bad = runClaimProblem(sentence, r.subject, theory, ctx.set);
      if (bad) out.push({ kind: 'absence', part, claim, detail: bad });
      continue;
    }
    if (r.polarity === 'value' && r.cites.length) {
      const bad = valueUnshown(
        { ...clause, ...(clause.field.part ? { part: clause.field.part } : {}) },
        r.cites,
        ctx.set,
        ctx.link,
      );
      if (bad) out.push({ kind: 'value', part, claim, detail: bad });
    }
    if (r.polarity !== 'absence') continue;
    const backing = r.cites.length ? cited : inheritedOf(r, ctx);
    const live = backing.filter((c) => !isNotEvidenceClass(c));
    const candidates = backing.length ? live : [...ctx.set.calls];
    const bad = judgeAbsence(
      backing.length ? { ...r, cites: backing.map((c) => c.id) } : r,
      ctx,
      candidates,
      theory,
      declared,
    );
    if (bad) out.push(bad);
  }
  return out;
}

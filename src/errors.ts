/**
 * Every failure the bench reports on purpose is a BenchError with a stable `code` and the exit code
 * the CLI boundary uses (DESIGN §13): 1 threshold/regression, 2 bad input, 3 our bug, 129/130/143
 * interrupted by SIGHUP/SIGINT/SIGTERM.
 * Nothing but `cli/main.ts` calls `process.exit`.
 */

/** 129, 130 and 143 are the shell's 128 + SIGHUP / SIGINT / SIGTERM: an interrupted command says so. */
export type ExitCode = 0 | 1 | 2 | 3 | 129 | 130 | 143;

export class BenchError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;
  constructor(code: string, message: string, exitCode: ExitCode) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.exitCode = exitCode;
  }
}

/**
 * A failure an engine or the wire reports as data, not a bench failure: it carries the backend's
 * error type (`bad_data`, `timeout`, ...) the HTTP layer maps to a status and envelope. PromQL,
 * LogQL and the wire each narrow `T` to their own vocabulary; one family, so a handler can catch
 * any of them by `errorType` without knowing which engine threw.
 */
export class TypedError<T extends string = string> extends Error {
  readonly errorType: T;
  constructor(errorType: T, message: string) {
    super(message);
    this.name = new.target.name;
    this.errorType = errorType;
  }
}

/** One problem in one input file, located as precisely as the loader could. */
export interface InputIssue {
  file: string;
  line?: number;
  col?: number;
  /** Dot path of the field, e.g. `parts.A.measurements.0.truth`. */
  path?: string;
  message: string;
  severity: 'error' | 'warning';
}

export function formatIssue(i: InputIssue): string {
  const where = i.line !== undefined ? `${i.file}:${i.line}:${i.col ?? 1}` : i.file;
  const field = i.path ? ` ${i.path}:` : '';
  return `${where}:${field} ${i.severity === 'warning' ? 'warning: ' : ''}${i.message}`;
}

/** Bad input: a config, golden, seat, flag, Theory or trace the user gave us. Exit 2, no stack trace. */
export class InputError extends BenchError {
  readonly issues: InputIssue[];
  constructor(message: string, issues: InputIssue[] = []) {
    super(
      'E_INPUT',
      issues.length ? `${message}\n${issues.map((i) => `  ${formatIssue(i)}`).join('\n')}` : message,
      2,
    );
    this.issues = issues;
  }
}

/** The bench ran and a threshold or regression check failed. Exit 1. */
export class ThresholdError extends BenchError {
  constructor(message: string) {
    super('E_THRESHOLD', message, 1);
  }
}

/** A bug of ours or an environment failure we cannot attribute to input. Exit 3. */
export class InternalError extends BenchError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('E_INTERNAL', message, 3);
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** The signals that stop a command the way SIGTERM does (a closed terminal sends SIGHUP). */
export type InterruptSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/** 128 + the signal's number, as a shell reports a command that signal stopped. */
export const INTERRUPT_EXIT: Record<InterruptSignal, ExitCode> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/** SIGINT, SIGTERM or SIGHUP stopped the command: exit 128 + the signal's number, as a shell reports it. */
export class InterruptedError extends BenchError {
  readonly signal: InterruptSignal;
  constructor(signal: InterruptSignal, message = `interrupted (${signal})`) {
    super('E_INTERRUPTED', message, INTERRUPT_EXIT[signal]);
    this.signal = signal;
  }
}

/**
 * Secrets never reach a report, trace, log or error message: every text that leaves for one passes
 * through here. Masks the given secret values, the values of every key variable a loaded seat names
 * (`registerSecretEnv`: a command agent may echo another seat's key as well as its own), the value
 * of every variable of the bench's own environment whose name says credential (an agent may have
 * read the bench's environment: `/proc/<pid>/environ`), values registered as secrets (a token in a
 * command seat's `command:` line), the password of a URL, and anything shaped like a key, a bearer
 * token or a key header.
 *
 * Masking never corrupts what it masks: structured data is masked after parsing, each string on
 * its own (`redactDeep`, `redactJson`), and raw text only where it is text (`redactAgentOutput`).
 * A secret masked inside JSON text as text could swallow an escape (`api_key=XYZ\n...` took the
 * backslash of the next `\"`) and make a valid document invalid.
 */
const KEY_SHAPES = [
  /\b(sk|xai|pk|rk)-[A-Za-z0-9_-]{12,}\b/g,
  /\bAIza[0-9A-Za-z_-]{20,}\b/g,
  /(Bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/gi,
  /((?:api[_-]?key|x-api-key|x-goog-api-key|authorization)["'\s:=]+)[^\s"',}]{6,}/gi,
  /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+(?=@)/gi,
];

/**
 * A variable, flag or header name that says "credential" (`OPENAI_API_KEY`, `NODE_AUTH_TOKEN`,
 * `--auth-token`, `X-Token`, `AWS_SECRET_ACCESS_KEY`, `PGPASSWORD`): anywhere in the name.
 */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|COOKIE|PRIVATE|DSN/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

const secretEnv = new Set<string>();
/** The environments those names are looked up in: this process's, and every run's own (runBench `env`). */
const secretEnvs = new Set<Readonly<Record<string, string | undefined>>>([process.env]);
const secretLiterals = new Set<string>();

/**
 * Names of environment variables holding keys (a seat's `auth.apiKeyEnv` and `env:` list), and
 * the environment they are read from when it is not this process's: a run given its own
 * environment (runBench `env`) hands its keys to the seats from there, so they are masked from there.
 */
export function registerSecretEnv(
  names: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  for (const n of names) secretEnv.add(n);
  secretEnvs.add(env);
}

/**
 * Every value masked now, as text (the seats' key variables' values, the bench's own credential
 * variables', the registered literals): a worker thread registers them (registerSecretValues) to
 * mask as this thread does.
 */
export function knownSecrets(): string[] {
  return secretValues([]);
}

/** Values masked everywhere from now on (a token written into a command seat's argv). */
export function registerSecretValues(values: readonly string[]): void {
  for (const v of values) if (v.length >= 4) secretLiterals.add(v);
}

/** A value shaped like a credential: a key, a bearer token, a URL carrying a password. */
export function looksLikeSecret(value: string): boolean {
  return KEY_SHAPES.some((re) => {
    re.lastIndex = 0;
    const hit = re.test(value);
    re.lastIndex = 0;
    return hit;
  });
}

let benchEnv: string[] | undefined;

/**
 * Values of the bench's own environment whose variable's name says credential, read once: what
 * `/proc/<pid>/environ` shows is the environment the process started with (and reading all of
 * `process.env` costs ~0.1 ms, too much for every masked string).
 */
function benchEnvSecrets(): string[] {
  benchEnv ??= Object.entries(process.env).flatMap(([k, v]) => (v && isSecretName(k) ? [v] : []));
  return benchEnv;
}

function secretValues(given: readonly (string | undefined)[]): string[] {
  // Another seat's value is masked from 8 characters: a placeholder such as `none` or `ollama`
  // for a local server is no secret, and masking it everywhere would garble reports. The bench's
  // own credential-named variables likewise (`SSH_AUTH_SOCK=1` is nobody's key).
  const known = [
    ...[...secretEnvs].flatMap((env) => [...secretEnv].map((n) => env[n])),
    ...benchEnvSecrets(),
  ].filter((v) => v && v.length >= 8);
  const out = new Set<string>();
  for (const s of [...given, ...known, ...secretLiterals]) {
    if (!s || s.length < 4) continue;
    out.add(s);
    // The same value as it appears inside a JSON string (a trace line as text, an error message).
    out.add(JSON.stringify(s).slice(1, -1));
  }
  // Longest first, so a key that contains another is masked whole.
  return [...out].sort((a, b) => b.length - a.length);
}

type Mask = (text: string) => string;

/** One masking function for one set of secrets (computed once for a whole document). */
function masker(secrets: readonly (string | undefined)[]): Mask {
  const values = secretValues(secrets);
  return (text) => {
    let out = text;
    for (const s of values) if (out.includes(s)) out = out.split(s).join('[redacted]');
    for (const re of KEY_SHAPES) {
      out = out.replace(re, (_m, prefix: unknown) =>
        typeof prefix === 'string' && /\s|:|=|"|'/.test(prefix) ? `${prefix}[redacted]` : '[redacted]',
      );
    }
    return out;
  };
}

/** Masks a text as text. For JSON, or text that may hold JSON lines, see redactJson and redactAgentOutput. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  return masker(secrets)(text);
}

/**
 * The names an object's keys get: an unmasked key keeps its name, a masked one gets its masked
 * text, made unique (`[redacted] (2)`) so that two masked keys never become one and a masked key
 * never takes an unmasked one's name. The same key (a duplicate in JSON text) gets the same name.
 */
function keyNames(keys: readonly string[], mask: Mask): Map<string, string> {
  const names = new Map<string, string>();
  const masked: [string, string][] = [];
  for (const k of keys) {
    if (names.has(k) || masked.some(([o]) => o === k)) continue;
    const m = mask(k);
    if (m === k) names.set(k, k);
    else masked.push([k, m]);
  }
  const taken = new Set(names.values());
  for (const [k, m] of masked) {
    let name = m;
    for (let n = 2; taken.has(name); n++) name = `${m} (${n})`;
    taken.add(name);
    names.set(k, name);
  }
  return names;
}

/** `redact` over every string (and object key) of a JSON-like value: Theories, trace events. */
export function redactDeep<T>(value: T, secrets: readonly (string | undefined)[] = []): T {
  const mask = masker(secrets);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return mask(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      const names = keyNames(
        entries.map(([k]) => k),
        mask,
      );
      return Object.fromEntries(entries.map(([k, x]) => [names.get(k) ?? k, walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** Where a string literal ends in valid JSON text: the index after its closing quote. */
function literalEnd(text: string, from: number): number {
  let i = from + 1;
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/**
 * Masks valid JSON text string by string: each string literal is decoded, masked and, when it
 * changed, written again (JSON.stringify); every other byte (numbers as written, whitespace,
 * escapes of unmasked strings) is kept. Undefined when the text is not JSON. Numbers, booleans and
 * null are never changed: the document keeps its structure and types.
 */
export function redactJson(text: string, secrets: readonly (string | undefined)[] = []): string | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  return maskJsonText(text, secrets);
}

/** A string literal of valid JSON text (outside literals, valid JSON has no quote). */
const JSON_LITERAL = /"(?:[^"\\]|\\.)*"/g;

/**
 * Every string literal of valid JSON text (keys, and every member of a duplicate key, which a
 * parsed value would have lost), decoded and joined by NUL, the character no secret holds and no
 * key shape's match crosses unchanged: whatever masking would change in one literal, it changes in
 * this text too (a match cut at a literal's end meets NUL there as it met the end, `\b` included).
 */
function joinedLiterals(text: string): string {
  const out: string[] = [];
  for (const m of text.matchAll(JSON_LITERAL)) {
    const lit = m[0];
    out.push(lit.includes('\\') ? (JSON.parse(lit) as string) : lit.slice(1, -1));
  }
  return out.join('\u0000');
}

/**
 * `redactJson` of `text`, which must be valid JSON text. When masking leaves all of its string
 * literals joined together as they are, no literal can change and the text is returned as it is,
 * without the literal-by-literal walk (which cost more than a second of a default run's report).
 */
export function maskJsonText(text: string, secrets: readonly (string | undefined)[] = []): string {
  const mask = masker(secrets);
  const joined = joinedLiterals(text);
  if (mask(joined) === joined) return text;
  type Literal = { start: number; end: number; text: string };
  const edits: { start: number; end: number; text: string }[] = [];
  const objects: { keys: Literal[] }[] = [];
  const stack: ('{' | '[')[] = [];
  let prev = '';
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '"') {
      const end = literalEnd(text, i);
      const lit = { start: i, end, text: JSON.parse(text.slice(i, end)) as string };
      if (stack.at(-1) === '{' && (prev === '{' || prev === ',')) objects.at(-1)?.keys.push(lit);
      else {
        const m = mask(lit.text);
        if (m !== lit.text) edits.push({ start: i, end, text: JSON.stringify(m) });
      }
      prev = '"';
      i = end;
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push(c);
      if (c === '{') objects.push({ keys: [] });
    } else if (c === '}' || c === ']') {
      stack.pop();
      const obj = c === '}' ? objects.pop() : undefined;
      if (obj) {
        const names = keyNames(
          obj.keys.map((k) => k.text),
          mask,
        );
        for (const k of obj.keys) {
          const name = names.get(k.text) ?? k.text;
          if (name !== k.text) edits.push({ start: k.start, end: k.end, text: JSON.stringify(name) });
        }
      }
    }
    if (c !== ' ' && c !== '\n' && c !== '\t' && c !== '\r') prev = c;
    i += 1;
  }
  if (!edits.length) return text;
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

const JSON_START = /^\s*[[{"]/;

/**
 * What an agent wrote (stdout, stderr, its Theory file, its trace file), masked as what it is: a
 * whole JSON document as JSON (a number in JSON is never masked: its type would change); otherwise
 * line by line, a line that is a JSON object, array or string as JSON (a JSONL trace, a logged
 * object) and the runs of other lines as text.
 */
export function redactAgentOutput(text: string, secrets: readonly (string | undefined)[] = []): string {
  const whole = redactJson(text, secrets);
  if (whole !== undefined) return whole;
  const mask = masker(secrets);
  let out = '';
  let plain = '';
  for (const line of text.split(/(?<=\n)/)) {
    const body = line.replace(/\r?\n$/, '');
    const json = JSON_START.test(body) ? redactJson(body, secrets) : undefined;
    if (json === undefined) {
      plain += line;
      continue;
    }
    out += mask(plain) + json + line.slice(body.length);
    plain = '';
  }
  return out + mask(plain);
}

/** Flags and `NAME=value` words of an argv whose value is a credential, by the name before it. */
const FLAG = /^--?([A-Za-z][A-Za-z0-9_.-]*)(?:=([\s\S]*))?$/;
const ASSIGN = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;
const HEADER = /^([A-Za-z][A-Za-z0-9-]*):\s*([\s\S]+)$/;

/**
 * A command line with its credentials masked: the value of `--token X`, `--api-key=X`,
 * `GITHUB_TOKEN=X` (an `env` prefix), `-H 'X-Token: X'`, plus everything `redact` masks. `secrets`
 * are the values taken out, for `registerSecretValues` (the agent may echo its own argv).
 */
export function redactArgv(argv: readonly string[]): { shown: string[]; secrets: string[] } {
  const secrets: string[] = [];
  const shown = argv.map((arg, i) => {
    const prev = FLAG.exec(argv[i - 1] ?? '');
    const takesValue = prev && prev[2] === undefined && !prev[1].startsWith('no-');
    if (takesValue && prev && isSecretName(prev[1]) && !arg.startsWith('-')) {
      secrets.push(arg);
      return '[redacted]';
    }
    const m = FLAG.exec(arg) ?? ASSIGN.exec(arg);
    if (m && m[2] !== undefined && m[2] !== '' && isSecretName(m[1])) {
      secrets.push(m[2]);
      return `${arg.slice(0, arg.length - m[2].length)}[redacted]`;
    }
    const h = HEADER.exec(arg);
    if (h && isSecretName(h[1])) {
      secrets.push(h[2]);
      return `${h[1]}: [redacted]`;
    }
    return arg;
  });
  const mask = masker(secrets);
  return { shown: shown.map(mask), secrets };
}

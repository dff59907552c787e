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
 * (`registerSecretEnv`: a command agent may echo another seat's key as well as its own), the
 * password of a URL, and anything shaped like a key, a bearer token or a key header.
 */
const KEY_SHAPES = [
  /\b(sk|xai|pk|rk)-[A-Za-z0-9_-]{12,}\b/g,
  /\bAIza[0-9A-Za-z_-]{20,}\b/g,
  /(Bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/gi,
  /((?:api[_-]?key|x-api-key|x-goog-api-key|authorization)["'\s:=]+)[^\s"',}]{6,}/gi,
  /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+(?=@)/gi,
];

const secretEnv = new Set<string>();

/** Names of environment variables holding keys (a seat's `auth.apiKeyEnv` and `env:` list). */
export function registerSecretEnv(names: readonly string[]): void {
  for (const n of names) secretEnv.add(n);
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

function secretValues(given: readonly (string | undefined)[]): string[] {
  // Another seat's value is masked from 8 characters: a placeholder such as `none` or `ollama`
  // for a local server is no secret, and masking it everywhere would garble reports.
  const registered = [...secretEnv].map((n) => process.env[n]).filter((v) => v && v.length >= 8);
  const out = new Set<string>();
  for (const s of [...given, ...registered]) {
    if (!s || s.length < 4) continue;
    out.add(s);
    // The same value as it appears inside a JSON string (a Theory, a trace line).
    out.add(JSON.stringify(s).slice(1, -1));
  }
  // Longest first, so a key that contains another is masked whole.
  return [...out].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const s of secretValues(secrets)) out = out.split(s).join('[redacted]');
  for (const re of KEY_SHAPES) {
    out = out.replace(re, (_m, prefix: unknown) =>
      typeof prefix === 'string' && /\s|:|=|"|'/.test(prefix) ? `${prefix}[redacted]` : '[redacted]',
    );
  }
  return out;
}

/** `redact` over every string (and object key) of a JSON-like value: Theories, trace events. */
export function redactDeep<T>(value: T, secrets: readonly (string | undefined)[] = []): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v, secrets);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k, secrets), walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** Go formatting the template functions need: `%v`-style printing, printf verbs, time layouts. */

export interface GoTime {
  goTime: number; // ms since epoch, UTC
  /** Nanoseconds within the millisecond (0–999999), for times read from µs or ns. */
  ns?: number;
}

/**
 * A Go float64. A plain `number` is an int (sprig's add/mul/int, a literal `3`); the float
 * functions (addf, divf, float64, ceil, round, bytes, duration …) and a literal `1.5` give this,
 * because Go prints the two differently: float64 1e6 is `1e+06`, int 1000000 is `1000000`.
 */
export class GoFloat {
  constructor(readonly f: number) {}
}

export type TValue = string | number | boolean | GoTime | GoFloat | null;

export function isTime(v: TValue): v is GoTime {
  return typeof v === 'object' && v !== null && !(v instanceof GoFloat);
}

/** The number a numeric value holds (an int or a float64), or undefined. */
export function numberOf(v: TValue): number | undefined {
  if (typeof v === 'number') return v;
  if (v instanceof GoFloat) return v.f;
  return undefined;
}

export function printValue(v: TValue): string {
  if (v === null) return '<no value>';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return formatNumber(v);
  if (v instanceof GoFloat) return formatGoFloat(v.f);
  return formatTime('2006-01-02 15:04:05.999999999 -0700 MST', v.goTime, v.ns);
}

/**
 * fmt's `%v` of a float64 (strconv 'g', shortest digits): the exponent form when the decimal
 * exponent is below −4 or at least 6 (`1e+06`, `1.234567e+06`, `1e-05`), else positional;
 * `+Inf`, `-Inf`, `NaN`, and `-0` for negative zero.
 */
export function formatGoFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const [mant, e] = f.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(f);
}

export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf';
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  return String(n)
    .replace(/e\+?(-?)(\d)$/, 'e+$10$2')
    .replace('e+-', 'e-');
}

const pad = (n: number, w: number) => String(Math.abs(Math.trunc(n))).padStart(w, '0');
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const LAYOUT_TOKENS =
  /January|Jan|Monday|Mon|2006|Z07:00|-07:00|-0700|Z0700|MST|[.,](0+|9+)|01|02|_2|15|03|04|05|06|PM|pm|1|2|3|4|5/g;

/** Go's reference-time layouts (`2006-01-02T15:04:05Z07:00`), always in UTC. */
export function formatTime(layout: string, ms: number, ns = 0): string {
  const d = new Date(ms);
  const frac = ((ms % 1000) + 1000) % 1000;
  const nanos = `${pad(frac, 3)}${pad(ns, 6)}`;
  return layout.replace(LAYOUT_TOKENS, (tok) => {
    switch (tok) {
      case 'January':
        return MONTHS[d.getUTCMonth()];
      case 'Jan':
        return MONTHS[d.getUTCMonth()].slice(0, 3);
      case 'Monday':
        return DAYS[d.getUTCDay()];
      case 'Mon':
        return DAYS[d.getUTCDay()].slice(0, 3);
      case '2006':
        return pad(d.getUTCFullYear(), 4);
      case '06':
        return pad(d.getUTCFullYear() % 100, 2);
      case '01':
        return pad(d.getUTCMonth() + 1, 2);
      case '1':
        return String(d.getUTCMonth() + 1);
      case '02':
        return pad(d.getUTCDate(), 2);
      case '_2':
        return String(d.getUTCDate()).padStart(2, ' ');
      case '2':
        return String(d.getUTCDate());
      case '15':
        return pad(d.getUTCHours(), 2);
      case '03':
        return pad(d.getUTCHours() % 12 || 12, 2);
      case '3':
        return String(d.getUTCHours() % 12 || 12);
      case '04':
        return pad(d.getUTCMinutes(), 2);
      case '4':
        return String(d.getUTCMinutes());
      case '05':
        return pad(d.getUTCSeconds(), 2);
      case '5':
        return String(d.getUTCSeconds());
      case 'PM':
        return d.getUTCHours() >= 12 ? 'PM' : 'AM';
      case 'pm':
        return d.getUTCHours() >= 12 ? 'pm' : 'am';
      case 'MST':
        return 'UTC';
      case 'Z07:00':
      case 'Z0700':
        return 'Z';
      case '-07:00':
        return '+00:00';
      case '-0700':
        return '+0000';
      default: {
        const digits = nanos.slice(0, tok.length - 1);
        if (tok[1] === '0') return tok[0] + digits;
        const trimmed = digits.replace(/0+$/, '');
        return trimmed ? tok[0] + trimmed : '';
      }
    }
  });
}

/** fmt.Sprintf for the verbs templates use: %s %v %d %f %g %e %q %x %X %t %%, with width/precision. */
export function sprintf(format: string, args: TValue[]): string {
  let ai = 0;
  return format.replace(
    /%([-+ #0]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/g,
    (_m, flags: string, w: string, prec: string, verb: string) => {
      if (verb === '%') return '%';
      if (ai >= args.length) return `%!${verb}(MISSING)`;
      const a = args[ai++];
      // Go's float verbs take a float64 only: an int or a string prints `%!f(int=3)`.
      const x = a instanceof GoFloat ? a.f : undefined;
      const bad = `%!${verb}(${typeName(a)}=${printValue(a)})`;
      let s: string;
      switch (verb) {
        case 'd':
          s = typeof a === 'number' ? String(a) : bad;
          break;
        case 'f':
        case 'F':
          s = x !== undefined ? x.toFixed(prec === undefined ? 6 : Number(prec)) : bad;
          break;
        case 'e':
          s =
            x !== undefined
              ? x.toExponential(prec === undefined ? 6 : Number(prec)).replace(/e([+-])(\d)$/, 'e$10$2')
              : bad;
          break;
        case 'g':
          s =
            x !== undefined
              ? prec === undefined
                ? formatGoFloat(x)
                : String(Number(x.toPrecision(Number(prec))))
              : bad;
          break;
        case 'q':
          s = JSON.stringify(printValue(a));
          break;
        case 'x':
        case 'X': {
          s = typeof a === 'number' ? a.toString(16) : Buffer.from(printValue(a)).toString('hex');
          if (verb === 'X') s = s.toUpperCase();
          break;
        }
        case 't':
          s = typeof a === 'boolean' ? String(a) : `%!t(${typeName(a)}=${printValue(a)})`;
          break;
        default:
          s = printValue(a);
          if (prec !== undefined && (verb === 's' || verb === 'v')) s = s.slice(0, Number(prec));
      }
      const width = w ? Math.min(Number(w), 10_000) : 0;
      if (s.length < width)
        s = flags.includes('-')
          ? s.padEnd(width)
          : s.padStart(width, flags.includes('0') && verb !== 's' ? '0' : ' ');
      return s;
    },
  );
}

function typeName(v: TValue): string {
  if (typeof v === 'number') return 'int';
  if (v instanceof GoFloat) return 'float64';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return v === null ? '<nil>' : 'time.Time';
}

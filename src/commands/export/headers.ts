/**
 * `bench export otlp --header`: request headers for the endpoint, as `name=value` or as curl and
 * the OTLP docs write them, `Name: value`. A header usually carries a secret (an API key), so no
 * message ever prints a value, nor a header that could not be split into name and value (it may be
 * the bare key): such a header is named by its position among the --header flags.
 */
import { InputError } from '../../errors.js';

/** RFC 9110 token characters: a header name has neither `:` nor `=`, so the first of them splits. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ordinal = (i: number): string => `--header #${i + 1}`;

export function headersOf(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  list.forEach((h, i) => {
    const at = h.search(/[:=]/);
    const name = at > 0 ? h.slice(0, at).trim() : '';
    if (!NAME.test(name))
      throw new InputError(`${ordinal(i)}: give name=value or "Name: value" (its value is not printed)`);
    const value = h.slice(at + 1).trim();
    if (!value) throw new InputError(`${ordinal(i)} (${name}): the value is empty`);
    // fetch refuses a header value with a line break or another control character, deep inside a POST
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
      throw new InputError(`${ordinal(i)} (${name}): the value holds a control character (not printed)`);
    out[name.toLowerCase()] = value;
  });
  return out;
}

/**
 * The environment a command seat's agent gets: an allowlist, not the bench's environment minus
 * names that look secret. A filter by name let `OPENAI_KEY` and a database URL with a password
 * through; the agent's stdout, stderr and files land in the report folder, so a credential it never
 * needed must not be in its reach. What an agent may need to run (a program search path, a home,
 * locale, temp dir, time zone, node's own settings) passes, the bench's `REMATCH_*` settings pass,
 * and so do exactly the variables the seat names (`auth.apiKeyEnv`, `env:`). A value shaped like a
 * credential, or a variable whose name says credential anywhere (`NODE_AUTH_TOKEN`,
 * `REMATCH_TOKEN_X`), passes only when the seat names it. `LANG` and `LC_*` pass only with a
 * locale's value: `LC_*` is a well-known way to smuggle anything through (ssh forwards it).
 */
import { isSecretName, looksLikeSecret } from '../errors.js';

const RUNTIME = /^(PATH|HOME|LANG|LC_[A-Z_]+|TMPDIR|TZ|NODE_[A-Z0-9_]+|REMATCH_[A-Z0-9_]+)$/;
const LOCALE_NAME = /^(LANG|LC_[A-Z_]+)$/;
/** `C`, `POSIX`, `C.UTF-8`, `en_US.UTF-8`, `de_DE@euro`, `sr_RS.UTF-8@latin`. */
const LOCALE = /^(C|POSIX|[a-z]{2,3}(_[A-Z]{2})?)(\.[A-Za-z0-9-]{1,16})?(@[A-Za-z0-9]{1,16})?$/;

export function agentEnv(
  source: Readonly<Record<string, string | undefined>>,
  named: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) {
    if (v === undefined) continue;
    if (named.includes(k)) out[k] = v;
    else if (!RUNTIME.test(k) || isSecretName(k) || looksLikeSecret(v)) continue;
    else if (LOCALE_NAME.test(k) && !LOCALE.test(v)) continue;
    else out[k] = v;
  }
  return out;
}

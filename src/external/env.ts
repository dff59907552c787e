/**
 * The environment a command seat's agent gets: an allowlist, not the bench's environment minus
 * names that look secret. A filter by name let `OPENAI_KEY` and a database URL with a password
 * through; the agent's stdout, stderr and files land in the report folder, so a credential it never
 * needed must not be in its reach. What an agent may need to run (a program search path, a home,
 * locale, temp dir, time zone, node's own settings) passes, the bench's `REMATCH_*` settings pass,
 * and so do exactly the variables the seat names (`auth.apiKeyEnv`, `env:`). A value shaped like a
 * credential passes only when the seat names its variable.
 */
import { looksLikeSecret } from '../errors.js';

const RUNTIME = /^(PATH|HOME|LANG|LC_[A-Z_]+|TMPDIR|TZ|NODE_[A-Z0-9_]+|REMATCH_[A-Z0-9_]+)$/;
/** Names that say "credential" even inside the allowlist (NODE_AUTH_TOKEN is an npm token). */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|AUTH)$/i;

export function agentEnv(
  source: Readonly<Record<string, string | undefined>>,
  named: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) {
    if (v === undefined) continue;
    if (named.includes(k)) out[k] = v;
    else if (RUNTIME.test(k) && !SECRET_NAME.test(k) && !looksLikeSecret(v)) out[k] = v;
  }
  return out;
}

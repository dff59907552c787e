/** Provider-specific rules of a seat file (DESIGN §5.2). */
import type { SeatFile } from '../seat.js';
import { isHostedProvider, isRealProvider } from '../vocabulary.js';
import { seatLimitRules } from './limits.js';
import { err, type RuleIssue, warn } from './types.js';

/** What a provider needs; a field another provider uses is refused by the schema (SeatByProvider). */
export function seatRules(s: SeatFile): RuleIssue[] {
  const out: RuleIssue[] = seatLimitRules(s);
  const hosted = isHostedProvider(s.provider);
  if (s.provider === 'sim' && !s.policy) out.push(err(['provider'], 'a sim seat needs a `policy`'));
  if (s.provider === 'command' && !s.command) out.push(err(['provider'], 'a command seat needs `command`'));
  if (hosted && !s.auth?.apiKeyEnv) {
    out.push(err(['auth'], `a ${s.provider} seat needs auth.apiKeyEnv (the name of the key's variable)`));
  }
  if (s.provider === 'openai-compatible' && !s.baseURL) {
    out.push(err(['provider'], 'an openai-compatible seat needs `baseURL`'));
  }
  if (isRealProvider(s.provider) && s.model === 'sim') {
    out.push(err(['model'], `a ${s.provider} seat needs a \`model\``));
  }
  if (s.provider === 'sim' && s.auth)
    out.push(warn(['auth'], 'a sim seat calls no model: `auth` is ignored'));
  if (s.provider !== 'command' && s.env)
    out.push(warn(['env'], "`env` passes variables to a command seat's agent: ignored here"));
  if (s.provider === 'sim' && s.pricing)
    out.push(warn(['pricing'], 'a sim seat costs nothing: `pricing` is ignored'));
  if (!isRealProvider(s.provider) && s.limits)
    out.push(warn(['limits'], `a ${s.provider} seat calls no model provider: \`limits\` is ignored`));
  if (isRealProvider(s.provider) && s.pricing && !s.pricing.source)
    out.push(
      warn(['pricing'], 'say where the prices come from: `pricing.source` (and `asOf`, the date read)'),
    );
  return out;
}

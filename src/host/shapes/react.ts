/** react: one agent loop (DESIGN §7). */

import { withLines } from '../../protocol/guidance.js';
import type { Message } from '../../protocol/model.js';
import { type Concluded, conclude } from '../conclude.js';
import { runAgent } from '../loop.js';
import { firstUserMessage, systemPrompt } from '../prompt.js';
import type { Session } from '../session.js';
import { TOOLS, toolsFor } from '../tools/index.js';
import type { NodeInfo } from '../types.js';

export async function runReact(s: Session): Promise<Concluded> {
  const g = s.opts.golden;
  const node: NodeInfo = { id: 'root', depth: 0, goal: g.title, role: 'root' };
  const offered = toolsFor('react', false);
  s.catalog = offered.map((n) => ({ name: n, description: TOOLS[n].description }));
  const messages: Message[] = [
    { role: 'system', content: withLines(s.opts.systemPrompt ?? systemPrompt('react'), s.guidance.system) },
    { role: 'user', content: firstUserMessage(g) },
  ];
  const end = await runAgent(s, node, messages, offered);
  return conclude(s, node, messages, end);
}

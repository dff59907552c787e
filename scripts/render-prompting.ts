/**
 * npm run docs:prompting — renders docs/prompting.md from the code: the system prompts, the first
 * user message (for the checkout-db-pool golden), the reactree child context, the host's message
 * markers and every tool's description and JSON Schema. A test keeps the committed file equal to
 * this rendering, so a prompt change is always a visible diff with a version bump.
 */
import { writeFileSync } from 'node:fs';
import { renderPromptingDoc } from '../test/host/prompting-doc.js';

writeFileSync('docs/prompting.md', renderPromptingDoc());
console.log('wrote docs/prompting.md');

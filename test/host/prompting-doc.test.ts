import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderPromptingDoc } from './prompting-doc.js';

it('docs/prompting.md is the prompt the code sends (run `npm run docs:prompting` after a change)', () => {
  expect(readFileSync('docs/prompting.md', 'utf8')).toBe(renderPromptingDoc());
});

/** The config's `judge:` block (formats/judge.ts): a seat's model fields, refused at file:line:col. */
import { describe, expect, it } from 'vitest';
import { checkConfig, loadConfig } from '../../src/formats/load.js';
import { inputErrorOf, tempDir, write } from './helpers.js';

const at = (text: string) => {
  const r = checkConfig(write(tempDir(), 'bench.config.yaml', text));
  return r.issues.map((i) => [i.path, i.line, i.col, i.message]);
};

describe('config judge:', () => {
  it('reads a seat-like judge with its defaults', () => {
    const file = write(
      tempDir(),
      'bench.config.yaml',
      'judge:\n  provider: anthropic\n  model: claude-x\n  auth: {apiKeyEnv: ANTHROPIC_API_KEY}\n  params: {temperature: 0}\n',
    );
    expect(loadConfig(file).config.judge).toEqual({
      provider: 'anthropic',
      model: 'claude-x',
      auth: { apiKeyEnv: 'ANTHROPIC_API_KEY' },
      params: { temperature: 0 },
      concurrency: 2,
    });
    expect(loadConfig(write(tempDir(), 'c.yaml', 'repetitions: 1\n')).config.judge).toBeUndefined();
  });

  it('refuses a provider that is not a model, an unknown field and a key written in the file', () => {
    const issues = at('repetitions: 1\njudge:\n  provider: sim\n  model: m\n  apiKey: sk-abc\n');
    expect(issues.map((i) => [i[0], i[1]])).toEqual([
      ['judge.provider', 3],
      ['judge.apiKey', 5],
    ]);
    expect(issues[1][3]).toBe('unknown field');
    expect(JSON.stringify(issues)).not.toContain('sk-abc');
  });

  it('needs a hosted judge’s key variable and an openai-compatible judge’s baseURL, at judge.provider', () => {
    expect(at('judge:\n  provider: openai-chat\n  model: m\n')).toEqual([
      ['judge.provider', 2, 13, "a openai-chat judge needs auth.apiKeyEnv (the name of the key's variable)"],
    ]);
    expect(at('judge:\n  provider: openai-compatible\n  model: m\n')).toEqual([
      ['judge.provider', 2, 13, 'an openai-compatible judge needs `baseURL`'],
    ]);
    expect(
      at('judge:\n  provider: openai-compatible\n  model: m\n  baseURL: http://127.0.0.1:11434/v1\n'),
    ).toEqual([]);
    const e = inputErrorOf(() =>
      loadConfig(
        write(tempDir(), 'd.yaml', 'judge:\n  provider: gemini\n  model: m\n  auth: {apiKeyEnv: lower}\n'),
      ),
    );
    expect(e.message).toMatch(/d\.yaml:4:\d+: judge\.auth\.apiKeyEnv/);
  });
});

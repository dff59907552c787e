/**
 * report.html's data blocks are masked string by string: masked as raw JSON text, a key before an
 * escaped quote took the escape with it and the page's JSON.parse failed.
 */
import { describe, expect, it } from 'vitest';
import { jsonBlock } from '../../src/reporters/html/escape.js';

const inner = (block: string) => /<script[^>]*>([\s\S]*)<\/script>/.exec(block)?.[1] ?? '';

describe('report.html JSON blocks', () => {
  it('mask a key next to an escape and still parse, </script> kept inert', () => {
    const block = jsonBlock('data', {
      explanation: 'api_key=XYZabcdef123\nhost="db"',
      html: '</script><!--',
    });
    expect(JSON.parse(inner(block))).toEqual({
      explanation: 'api_key=[redacted]\nhost="db"',
      html: '</script><!--',
    });
    expect(inner(block)).not.toContain('<');
  });
});

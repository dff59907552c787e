/**
 * The command agent's environment is an allowlist plus what the seat names, never a credential it
 * was not named; and the one redactor masks every loaded seat's key values, URL passwords and key
 * shapes, also inside JSON text and nested values.
 */
import { describe, expect, it } from 'vitest';
import { looksLikeSecret, redact, redactArgv, redactDeep, registerSecretEnv } from '../../src/errors.js';
import { agentEnv } from '../../src/external/index.js';
import { seatEnvNames } from '../../src/formats/seat.js';

const BENCH_ENV: NodeJS.ProcessEnv = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/u',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TMPDIR: '/tmp',
  TZ: 'UTC',
  NODE_OPTIONS: '--max-old-space-size=512',
  NODE_AUTH_TOKEN: 'npm_abcdefabcdef0123',
  REMATCH_PROMETHEUS_BIN: '/opt/prom',
  REMATCH_DEBUG_URL: 'https://ops:pw123456@debug.internal/',
  REMATCH_NOTE: 'Bearer abcdefghijklmnop',
  OPENAI_API_KEY: 'sk-abcdefghijklmnopqrstuv',
  OPENAI_KEY: 'plainvalue-no-shape',
  DATABASE_URL: 'postgres://app:hunter2@db/x',
  USER: 'u',
  SHELL: '/bin/bash',
  MY_AGENT_KEY: 'sk-agentsownkey0123456789',
  HTTPS_PROXY: 'http://proxyuser:proxypass@proxy:3128',
};

describe('agentEnv', () => {
  it('passes the runtime allowlist and the bench settings, withholds everything else', () => {
    const env = agentEnv(BENCH_ENV, []);
    expect(Object.keys(env).sort()).toEqual(
      ['HOME', 'LANG', 'LC_ALL', 'NODE_OPTIONS', 'PATH', 'REMATCH_PROMETHEUS_BIN', 'TMPDIR', 'TZ'].sort(),
    );
  });

  it('passes exactly the variables the seat names, credential-shaped or not', () => {
    const named = seatEnvNames({ auth: { apiKeyEnv: 'MY_AGENT_KEY' }, env: ['HTTPS_PROXY', 'UNSET_ONE'] });
    expect(named).toEqual(['MY_AGENT_KEY', 'HTTPS_PROXY', 'UNSET_ONE']);
    const env = agentEnv(BENCH_ENV, named);
    expect(env.MY_AGENT_KEY).toBe(BENCH_ENV.MY_AGENT_KEY);
    expect(env.HTTPS_PROXY).toBe(BENCH_ENV.HTTPS_PROXY);
    expect('UNSET_ONE' in env).toBe(false);
    expect('OPENAI_API_KEY' in env || 'OPENAI_KEY' in env || 'DATABASE_URL' in env).toBe(false);
  });

  it('LANG and LC_* pass only with a locale for a value; a credential name anywhere is withheld', () => {
    const env = agentEnv(
      {
        LANG: 'en_US.UTF-8',
        LC_TIME: 'de_DE@euro',
        LC_MESSAGES: 'C',
        LC_PAPER: 'sr_RS.UTF-8@latin',
        LC_SMUGGLED: 'ghp_0123456789abcdefghij0123456789',
        LC_CTYPE: '$(curl evil)',
        LC_NAME: 'en_US.UTF-8 extra',
        REMATCH_TOKEN_CACHE: 'plain-value-12345',
        NODE_AUTH_TOKEN_FILE: '/home/u/.npmrc',
      },
      [],
    );
    expect(Object.keys(env).sort()).toEqual(['LANG', 'LC_MESSAGES', 'LC_PAPER', 'LC_TIME']);
  });
});

describe('the redactor', () => {
  it('knows credential shapes: keys, bearer tokens, URL passwords', () => {
    for (const v of [
      'sk-abcdefghijklmnopqrstuv',
      'Bearer abcdefghijklmnop',
      'postgres://a:b@h/x',
      'api_key=abcdef123',
    ])
      expect({ v, secret: looksLikeSecret(v) }).toEqual({ v, secret: true });
    for (const v of ['/usr/bin', 'C.UTF-8', 'http://127.0.0.1:9090/api', 'plain words'])
      expect({ v, secret: looksLikeSecret(v) }).toEqual({ v, secret: false });
    expect(redact('db at postgres://app:hunter2@db/x')).toBe('db at postgres://app:[redacted]@db/x');
  });

  it('masks the value of every registered key variable, also JSON-escaped and nested', () => {
    const prev = process.env.TEST_OTHER_SEAT_KEY;
    process.env.TEST_OTHER_SEAT_KEY = 'odd"key\\value-4242';
    try {
      registerSecretEnv(['TEST_OTHER_SEAT_KEY']);
      const v = process.env.TEST_OTHER_SEAT_KEY;
      expect(redact(`raw ${v} end`)).toBe('raw [redacted] end');
      expect(redact(JSON.stringify({ s: `k=${v}` }))).toBe('{"s":"k=[redacted]"}');
      expect(redactDeep({ a: [{ b: `x ${v}` }], [v]: 1, n: 2 })).toEqual({
        a: [{ b: 'x [redacted]' }],
        '[redacted]': 1,
        n: 2,
      });
    } finally {
      if (prev === undefined) delete process.env.TEST_OTHER_SEAT_KEY;
      else process.env.TEST_OTHER_SEAT_KEY = prev;
    }
  });
});

describe('a command line, masked', () => {
  it('masks the value after a credential flag, in --flag=value, NAME=value and key headers', () => {
    const r = redactArgv([
      'env',
      'GITHUB_TOKEN=ghp_plantedArgvToken',
      'node',
      'agent.mjs',
      '--token',
      'tok-0123456789',
      '--api-key=k-0123456789',
      '--no-auth',
      '--verbose',
      '-H',
      'X-Auth-Token: hdr-0123456789',
      '--model',
      'o4-mini',
    ]);
    expect(r.shown).toEqual([
      'env',
      'GITHUB_TOKEN=[redacted]',
      'node',
      'agent.mjs',
      '--token',
      '[redacted]',
      '--api-key=[redacted]',
      '--no-auth',
      '--verbose',
      '-H',
      'X-Auth-Token: [redacted]',
      '--model',
      'o4-mini',
    ]);
    expect(r.secrets).toEqual(['ghp_plantedArgvToken', 'tok-0123456789', 'k-0123456789', 'hdr-0123456789']);
  });
});

import { trustedOrigins } from '../src/security/csrf.ts';

describe('the origins state-changing calls may come from', () => {
  test('in production, exactly the configured public origin', () => {
    expect([...trustedOrigins(['https://roadmap.example/'], true)]).toEqual(['https://roadmap.example']);
    expect([...trustedOrigins(['http://localhost:3000'], true)]).toEqual(['http://localhost:3000']);
  });

  test('outside production, a loopback public URL also admits its other loopback spellings on the same port only', () => {
    expect([...trustedOrigins(['http://localhost:3300'], false)].sort()).toEqual([
      'http://127.0.0.1:3300',
      'http://[::1]:3300',
      'http://localhost:3300',
    ]);
    expect([...trustedOrigins(['https://staging.example'], false)]).toEqual(['https://staging.example']);
  });
});

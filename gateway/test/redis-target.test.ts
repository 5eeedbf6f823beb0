import { parseConfig } from '@app/common';
import { gatewayConfigSchema } from '../src/config.ts';
import { redisTarget } from '../src/session/redis-client.ts';

describe('REDIS_URL', () => {
  it('passes a single-server URL through to ioredis unchanged', () => {
    expect(redisTarget('redis://:pw@redis:6379/0')).toBe('redis://:pw@redis:6379/0');
    expect(redisTarget('rediss://cache.example.com:6380')).toBe('rediss://cache.example.com:6380');
  });

  it('reads a Sentinel URL into the sentinels, the primary name and the data nodes password', () => {
    expect(redisTarget('redis-sentinel://:s%40cret@rfs-sessions:26379,10.0.0.7/mymaster')).toEqual({
      sentinels: [
        { host: 'rfs-sessions', port: 26379 },
        { host: '10.0.0.7', port: 26379 },
      ],
      name: 'mymaster',
      password: 's@cret',
    });
    expect(redisTarget('redis-sentinel://rfs-sessions/mymaster')).toEqual({
      sentinels: [{ host: 'rfs-sessions', port: 26379 }],
      name: 'mymaster',
    });
  });

  it('refuses a Sentinel URL without a primary name', () => {
    expect(() => redisTarget('redis-sentinel://rfs-sessions:26379')).toThrow(/redis-sentinel/);
  });

  it('is validated at boot: the three forms pass, anything else is named', () => {
    for (const url of [
      'redis://redis:6379',
      'rediss://h:6380',
      'redis-sentinel://:p@a:26379,b:26379/mymaster',
    ])
      expect(parseConfig(gatewayConfigSchema, { REDIS_URL: url }).REDIS_URL).toBe(url);
    expect(() => parseConfig(gatewayConfigSchema, { REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
    expect(() => parseConfig(gatewayConfigSchema, { REDIS_URL: 'redis-sentinel://a:26379' })).toThrow(
      /REDIS_URL/,
    );
  });
});

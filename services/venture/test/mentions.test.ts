import { findMentions } from '../src/domain/mentions.ts';
import type { MemberRecord } from '../src/domain/venture.ts';

const member = (userId: string, email: string, displayName = email): MemberRecord => ({
  userId,
  email,
  displayName,
  role: 'editor',
  joinedAt: new Date(0),
});

const ada = member('a', 'ada@example.com', 'Ada Lovelace');
const bob = member('b', 'bob.smith@example.com');
const members = [ada, bob];

describe('@mentions', () => {
  it.each([
    ['@ada can you review?', ['a']],
    ['@Ada, please', ['a']],
    ['@AdaLovelace.', ['a']],
    ['cc @ada@example.com and @bob.smith', ['a', 'b']],
    ['@BOB.SMITH@EXAMPLE.COM', ['b']],
    ['no mention here', []],
    ['mail ada@example.com is not a mention', []],
    ['@nobody @lovelace', []],
    ['@ada @ada @Ada', ['a']],
  ])('%s mentions %j', (body, ids) => {
    expect(findMentions(body, members)).toEqual(ids);
  });
});

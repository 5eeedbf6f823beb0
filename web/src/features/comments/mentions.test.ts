import { mentionHandlesOf, splitMentions } from './mentions';

describe('@mentions in a comment, for display', () => {
  const handles = ['ann', 'ann.lee', 'bo'];

  it('when a comment names a member, then that part is a mention and the rest stays text', () => {
    expect(splitMentions('@ann can you review?', handles)).toEqual([
      { kind: 'mention', text: '@ann', handle: 'ann' },
      { kind: 'text', text: ' can you review?' },
    ]);
  });

  it('when two handles share a beginning, then the longest one is the mention', () => {
    expect(splitMentions('Thanks @ann.lee.', handles)).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@ann.lee', handle: 'ann.lee' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('when the case differs, then it is still a mention, shown as written', () => {
    expect(splitMentions('@Bo, @ANN', handles)).toEqual([
      { kind: 'mention', text: '@Bo', handle: 'bo' },
      { kind: 'text', text: ', ' },
      { kind: 'mention', text: '@ANN', handle: 'ann' },
    ]);
  });

  it('when an @ is inside a word, names nobody or only begins a longer word, then it is plain text', () => {
    expect(splitMentions('mail ann@bo.com', handles)).toEqual([{ kind: 'text', text: 'mail ann@bo.com' }]);
    expect(splitMentions('@carla and @annabel', handles)).toEqual([
      { kind: 'text', text: '@carla and @annabel' },
    ]);
    expect(splitMentions('@ann.leeds', handles)).toEqual([{ kind: 'text', text: '@ann.leeds' }]);
  });

  it('when the text is empty or there are no members, then it is one plain segment', () => {
    expect(splitMentions('', handles)).toEqual([{ kind: 'text', text: '' }]);
    expect(splitMentions('@ann', [])).toEqual([{ kind: 'text', text: '@ann' }]);
  });
});

describe('the handles of the venture members', () => {
  it('when members are listed, then each is named by e-mail, local part and a one-word name', () => {
    expect(
      mentionHandlesOf([
        { email: 'ann.lee@example.com', displayName: 'Ann Lee' },
        { email: 'bo@example.com', displayName: 'bo@example.com' },
      ]),
    ).toEqual(['ann.lee@example.com', 'ann.lee', 'bo@example.com', 'bo', 'bo@example.com']);
  });

  it('when a comment names a member by e-mail, then the whole address is the mention', () => {
    const handles = mentionHandlesOf([{ email: 'ann.lee@example.com', displayName: 'Ann Lee' }]);
    expect(splitMentions('@ann.lee@example.com can you review?', handles)).toEqual([
      { kind: 'mention', text: '@ann.lee@example.com', handle: 'ann.lee@example.com' },
      { kind: 'text', text: ' can you review?' },
    ]);
  });
});

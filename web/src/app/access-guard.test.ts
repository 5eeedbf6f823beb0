import { sessionUserFixture } from '../testing/fixtures';
import { mayOpen } from './access-guard';

const user = sessionUserFixture();

describe('mayOpen (spec §2 access rules)', () => {
  it('when a signed-out visitor opens a signed-in page, then they may not', () => {
    expect(mayOpen('signed-in', null)).toBe(false);
  });

  it('when a signed-in user opens a signed-in page, then they may', () => {
    expect(mayOpen('signed-in', user)).toBe(true);
  });

  it('when a signed-in user opens a signed-out page, then they may not', () => {
    expect(mayOpen('signed-out', user)).toBe(false);
  });

  it('when a signed-out visitor opens a signed-out page, then they may', () => {
    expect(mayOpen('signed-out', null)).toBe(true);
  });

  it('when a page is public, then anyone may', () => {
    expect(mayOpen('public', null)).toBe(true);
    expect(mayOpen('public', user)).toBe(true);
  });

  it('when the session is not known, then the visitor counts as signed out', () => {
    expect(mayOpen('signed-in', undefined)).toBe(false);
    expect(mayOpen('signed-out', undefined)).toBe(true);
  });
});

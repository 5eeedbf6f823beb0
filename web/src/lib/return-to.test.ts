import { authSearch, returnPathFrom } from './return-to';

describe('returning to a page after signing in', () => {
  it('when next is a path of this site, then it is followed', () => {
    expect(returnPathFrom('?next=%2Finvitations%2Fabc123')).toBe('/invitations/abc123');
    expect(returnPathFrom(new URLSearchParams({ next: '/ventures/1?x=1' }))).toBe('/ventures/1?x=1');
  });

  it('when next is missing, another origin or not a path, then there is nowhere to return to', () => {
    expect(returnPathFrom('')).toBeNull();
    expect(returnPathFrom('?next=https://evil.example')).toBeNull();
    expect(returnPathFrom('?next=//evil.example')).toBeNull();
    expect(returnPathFrom('?next=/%5Cevil.example')).toBeNull();
    expect(returnPathFrom('?next=%2Fa%0Ab')).toBeNull();
  });

  it('when a page asks for sign-up, then the query says so and keeps the way back', () => {
    const search = authSearch('/invitations/abc', 'sign-up');
    expect(new URLSearchParams(search).get('mode')).toBe('sign-up');
    expect(returnPathFrom(search)).toBe('/invitations/abc');
    expect(authSearch('/x')).toBe('?next=%2Fx');
  });
});

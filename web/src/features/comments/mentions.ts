/*
 * `@mentions` in a comment's plain text, for display: which parts of the text name a member. The server
 * decides who is notified; this only finds the same handles to highlight them.
 */

export type CommentSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'mention'; readonly text: string; readonly handle: string };

/** A character that may continue a handle: after a handle, one of these means the word goes on. */
const HANDLE_CHAR = /[\p{L}\p{N}_@+-]/u;

function startsAHandle(text: string, at: number): boolean {
  // `@` opens a mention only at the start or after something that is not part of a word (so no e-mail
  // address such as ann@example.com in the text is taken for a mention of "example.com").
  return at === 0 || !HANDLE_CHAR.test(text.charAt(at - 1));
}

function endsAHandle(text: string, end: number): boolean {
  const next = text.charAt(end);
  if (next === '') return true;
  if (HANDLE_CHAR.test(next)) return false;
  // "@ann.lee." ends the sentence; "@ann.lee" inside "@ann.leeds" does not end there.
  if (next === '.') return !HANDLE_CHAR.test(text.charAt(end + 1));
  return true;
}

/**
 * Splits `text` into plain parts and mentions of `handles` (matched without regard to case, the longest
 * handle first, so "@ann.lee" wins over "@ann"). Text without a known handle is one plain segment.
 */
export function splitMentions(text: string, handles: readonly string[]): CommentSegment[] {
  const known = [...new Set(handles.filter((handle) => handle !== ''))].sort((a, b) => b.length - a.length);
  const segments: CommentSegment[] = [];
  let plainFrom = 0;
  let at = text.indexOf('@');
  while (at !== -1) {
    let matched: string | undefined;
    if (startsAHandle(text, at)) {
      const rest = text.slice(at + 1).toLowerCase();
      matched = known.find(
        (handle) => rest.startsWith(handle.toLowerCase()) && endsAHandle(text, at + 1 + handle.length),
      );
    }
    if (matched === undefined) {
      at = text.indexOf('@', at + 1);
      continue;
    }
    const end = at + 1 + matched.length;
    if (at > plainFrom) segments.push({ kind: 'text', text: text.slice(plainFrom, at) });
    segments.push({ kind: 'mention', text: text.slice(at, end), handle: matched });
    plainFrom = end;
    at = text.indexOf('@', end);
  }
  if (plainFrom < text.length || segments.length === 0) {
    segments.push({ kind: 'text', text: text.slice(plainFrom) });
  }
  return segments;
}

/** Who can be named: a member's e-mail address (what the autocomplete inserts) and its name without spaces. */
export interface Mentionable {
  readonly email: string;
  readonly displayName: string;
}

/** The handles that name `members` in a comment: each e-mail, its local part, and a one-word display name. */
export function mentionHandlesOf(members: readonly Mentionable[]): string[] {
  return members.flatMap((member) => {
    const localPart = member.email.split('@')[0] ?? '';
    const name = /\s/.test(member.displayName) ? '' : member.displayName;
    return [member.email, localPart, name].filter((handle) => handle !== '');
  });
}

import type { MemberRecord } from './venture.ts';

/*
 * `@mentions` in a comment: `@` followed by a member's e-mail address, the part of it before the `@`, their
 * name without spaces, or their first name, compared without regard to case ("@ada", "@AdaLovelace",
 * "@ada@example.com"). A word that matches nobody is plain text; one that matches several members
 * mentions each of them.
 */

const MENTION = /(?:^|[^\p{L}\p{N}_.+-])@([\p{L}\p{N}._%+-]+(?:@[\p{L}\p{N}.-]+\.[\p{L}]{2,})?)/gu;

function namesOf(member: MemberRecord): string[] {
  const email = member.email.toLowerCase();
  const names = [email, email.split('@')[0]!];
  const display = member.displayName.trim().toLowerCase();
  if (display !== '' && display !== email) {
    names.push(display.replace(/\s+/g, ''));
    names.push(display.split(/\s+/)[0]!);
  }
  return names;
}

/** The ids of the members mentioned in `body`, in member order, without repeats. */
export function findMentions(body: string, members: readonly MemberRecord[]): string[] {
  const words = new Set<string>();
  for (const match of body.matchAll(MENTION)) {
    // A sentence's full stop or comma after the name is not part of it.
    words.add(match[1]!.toLowerCase().replace(/[.,]+$/, ''));
  }
  if (words.size === 0) return [];
  return members.filter((member) => namesOf(member).some((name) => words.has(name))).map((m) => m.userId);
}

const PART_SEPARATORS = /[._-]+/;

/**
 * The avatar's initials (spec §2 "Header"): the e-mail local part split on dot, underscore
 * or hyphen gives one initial from each of the first two parts; a single part gives its
 * first two letters; no user gives U.
 */
export function getAvatarInitials(username: string | null | undefined): string {
  const trimmed = username?.trim() ?? '';
  const at = trimmed.lastIndexOf('@');
  const localPart = at === -1 ? trimmed : trimmed.slice(0, at);
  const parts = localPart.split(PART_SEPARATORS).filter((part) => part !== '');
  const [first, second] = parts;
  if (first === undefined) return 'U';
  // Array.from splits by code point, so a non-BMP first letter is not cut in half.
  const initials =
    second === undefined
      ? Array.from(first).slice(0, 2).join('')
      : `${Array.from(first)[0] ?? ''}${Array.from(second)[0] ?? ''}`;
  return initials.toUpperCase();
}

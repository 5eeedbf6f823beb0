import { AppError } from '@app/common';
import type { Caller, OrganizationContext } from './organization.ts';

/**
 * A program may pin only a version its organization published (the venture service owns templates): 404
 * `TEMPLATE.VERSION_NOT_FOUND` otherwise, and 503 when the venture service cannot tell (an unchecked version
 * is never accepted: its ventures would silently get the standard tasks). Null (the standard 50 tasks)
 * needs no call.
 *
 * Returns a check to run inside `changeOrganization`'s decision, after the caller's permission was checked
 * (so a non-admin learns nothing about versions): asked once per request however many times it retries.
 */
export function publishedVersionCheck(
  ctx: Pick<OrganizationContext, 'templates'>,
  caller: Caller,
  version: number | null | undefined,
): (organizationId: string) => Promise<void> {
  let checked: Promise<void> | null = null;
  return (organizationId) => {
    if (version === null || version === undefined) return Promise.resolve();
    checked ??= requirePublished(ctx, caller, organizationId, version);
    return checked;
  };
}

async function requirePublished(
  ctx: Pick<OrganizationContext, 'templates'>,
  caller: Caller,
  organizationId: string,
  version: number,
): Promise<void> {
  let published: number[];
  try {
    published = await ctx.templates.publishedVersions(organizationId, caller.correlationId);
  } catch (error) {
    throw new AppError(
      'SERVICE.UNAVAILABLE',
      503,
      'Template versions cannot be checked right now, so the program was not saved. Please try again in a moment.',
      { expected: false, cause: error },
    );
  }
  if (!published.includes(version)) {
    throw AppError.notFound(`Template version ${version} is not published`, 'TEMPLATE.VERSION_NOT_FOUND');
  }
}

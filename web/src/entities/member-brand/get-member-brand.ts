import type { MemberBrand, RouteAnswer, whiteLabelApi } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSessionUser } from '../session-user/get-session-user';

/*
 * Issue 19, white label: the brand of the organization the signed-in user belongs to (the one joined most
 * recently; null for everyone else). The last answer is kept per user in localStorage, so a reload shows
 * the member's brand at once instead of the platform's for a moment; the answer replaces it.
 */

const STORAGE_PREFIX = 'vr.brand.';

/**
 * `whiteLabelApi.myBrand`'s path, checked against the contract by type only: importing the contract's value
 * would bring its module's zod schemas (and zod) to every antd page, which loads this file.
 */
const MY_BRAND_PATH: (typeof whiteLabelApi)['myBrand']['path'] = '/api/organizations/my-brand';

function remembered(userId: string): MemberBrand | null | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_PREFIX + userId);
    if (raw === null || raw === undefined) return undefined;
    return JSON.parse(raw) as MemberBrand | null;
  } catch {
    return undefined;
  }
}

function remember(userId: string, brand: MemberBrand | null): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_PREFIX + userId, JSON.stringify(brand));
  } catch {
    // Private mode or a full storage: the brand simply loads with the page.
  }
}

/** The keys: every user's brand (invalidated after a white-label change), one user's. */
export const memberBrandKeys = {
  all: [MY_BRAND_PATH] as const,
  of: (userId: string) => [...memberBrandKeys.all, userId] as const,
};

export function memberBrandQueryOptions(userId: string) {
  return queryOptions({
    queryKey: memberBrandKeys.of(userId),
    queryFn: async ({ signal }) => {
      const answer = await api.get<RouteAnswer<typeof whiteLabelApi.myBrand>>(MY_BRAND_PATH, { signal });
      remember(userId, answer.brand);
      return answer.brand;
    },
    staleTime: 5 * 60_000,
  });
}

/** The signed-in member's brand, or null (signed out, not a member, not loaded yet and never seen). */
export function useMemberBrand(): MemberBrand | null {
  const { data: user } = useSessionUser();
  const userId = user?.id ?? '';
  const query = useQuery({
    ...memberBrandQueryOptions(userId),
    enabled: userId !== '',
    placeholderData: userId ? remembered(userId) : undefined,
  });
  return userId ? (query.data ?? null) : null;
}

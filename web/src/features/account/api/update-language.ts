import { authApi, type Language, type RouteAnswer } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeSessionUser } from '../../../entities/session-user/get-session-user';
import { activateLanguage } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';

/** PATCH /api/user/language (issue 21); answers the updated user. */
export function updateLanguage(language: Language): Promise<RouteAnswer<typeof authApi.updateLanguage>> {
  return api.patch(authApi.updateLanguage.path, { language });
}

/**
 * Saves the account's language, then switches the app to it (its catalogue loaded first, so the page changes
 * language at once); the answered user replaces the session entry. E-mails follow from the next one on.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: async (user, language) => {
      await activateLanguage(language);
      writeSessionUser(queryClient, user);
    },
  });
}

import { isLocale as isShippedLocale, type Locale } from '@app/contracts/locales';
import type { singleUserResponse } from '@app/contracts/users';
import { useEffect } from 'react';
import type { z } from 'zod';
import { useMember } from '../../../api/auth-store';
import { request } from '../../../api/client';
import { userKeys, useUser } from '../../../api/users';
import { queryClient } from '../../../app/query-client';
import { chooseLocale, i18n } from '../../../i18n';

type SingleUser = z.infer<typeof singleUserResponse>;

/**
 * The member's stored language follows them to every device (issue 38): when their own record
 * (loaded by the member area on sign-in and after) names a language other than the one on screen,
 * it is shown and kept as this browser's choice. A language the operator added and the member picked
 * here stays: the server stores only the shipped ones, so it cannot be the member's choice there.
 */
export function MemberLocaleSync() {
  const member = useMember();
  const { data: user } = useUser(member?.id ?? 0, 'member');
  const stored = user?.locale;
  useEffect(() => {
    const active = i18n.locale;
    if (!stored || stored === active || !isShippedLocale(active)) return;
    void chooseLocale(stored);
  }, [stored]);
  return null;
}

/**
 * The signed-in member picked a language: stored on them (PUT /users/{id}, as the profile form's
 * useUpdateSelf sends it), so their other devices, e-mails and notifications use it too. The cached
 * record takes it first, or MemberLocaleSync would switch back to the old one until the refetch.
 * A failure keeps the choice in this browser; the next pick tries again.
 */
export async function saveMemberLocale(id: number, locale: Locale): Promise<void> {
  queryClient.setQueryData<SingleUser>(userKeys.one('member', id), (old) =>
    old ? { ...old, singleuser: { ...old.singleuser, locale } } : old,
  );
  await request(`/users/${id}`, { method: 'PUT', body: { locale }, as: 'member' }).catch((error: unknown) =>
    console.warn('The language was not stored on the account', error),
  );
}

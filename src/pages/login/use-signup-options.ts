import { useCustom } from '@refinedev/core';
import { AUTH_PATHS } from '../../../data-providers/auth';
import type { SignupOptions } from '../../../schemas/signup';

export type SignupOptionsAnswer = SignupOptions & { ssoName: string };

/** What a server that does not answer offers: the password login only. */
const NONE: SignupOptionsAnswer = { registration: false, sso: false, ssoName: '' };

/**
 * Which ways in the server offers now: registration (an administrator's setting) and single
 * sign-on (configured). Undefined while loading; nothing extra when the server cannot say.
 */
export function useSignupOptions(): SignupOptionsAnswer | undefined {
  const { query, result } = useCustom<SignupOptionsAnswer>({
    url: AUTH_PATHS.signupOptions,
    method: 'get',
    errorNotification: false,
    queryOptions: { staleTime: 0, retry: false, refetchOnWindowFocus: false },
  });
  if (query.isError) return NONE;
  return result.data as SignupOptionsAnswer | undefined;
}

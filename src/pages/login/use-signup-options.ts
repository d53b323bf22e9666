import { AUTH_PATHS } from '../../../data-providers/auth';
import type { SignupOptions } from '../../../schemas/signup';
import { useAnswer } from './before-login';

export type SignupOptionsAnswer = SignupOptions & { ssoName: string };

/** What a server that does not answer offers: the password login only. */
const NONE: SignupOptionsAnswer = { registration: false, sso: false, ssoName: '' };

/**
 * Which ways in the server offers now: registration (an administrator's setting) and single
 * sign-on (configured). Undefined while loading; nothing extra when the server cannot say.
 */
export function useSignupOptions(): SignupOptionsAnswer | undefined {
  const { data, isError } = useAnswer<SignupOptionsAnswer>(AUTH_PATHS.signupOptions);
  return isError ? NONE : data;
}

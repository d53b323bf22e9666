import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AuthActionResponse } from '@refinedev/core';
import { QUIET, type Http } from '../../../data-providers/http';
import { authProvider, http } from '../../app/auth-client';

/**
 * The login page's calls, straight on the HTTP client and the auth provider: the page loads
 * before, and without, Refine and its query cache (the console's first bundle stays small).
 */
export interface LoginClient {
  login(params: unknown): Promise<AuthActionResponse>;
  http: Http;
}

/** The app's client; tests give the page their own. */
const LoginClientContext = createContext<LoginClient>({ login: (params) => authProvider.login(params), http });
export const LoginClientProvider = LoginClientContext.Provider;

export interface Answer<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
}

/** One GET answer, asked on mount and on each refetch; an answer overtaken by a newer request is dropped. */
export function useAnswer<T>(path: string): Answer<T> {
  const { http: client } = useContext(LoginClientContext);
  const [round, setRound] = useState(0);
  const [state, setState] = useState<Omit<Answer<T>, 'refetch'>>({ data: undefined, isError: false, isFetching: true });
  useEffect(() => {
    let current = true;
    setState((before) => ({ ...before, isFetching: true }));
    client.get<T>(path, QUIET).then(
      ({ data }) => current && setState({ data, isError: false, isFetching: false }),
      () => current && setState({ data: undefined, isError: true, isFetching: false }),
    );
    return () => {
      current = false;
    };
  }, [client, path, round]);
  const refetch = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, refetch };
}

/** A POST whose answer is only a hint: undefined when it fails. */
export function useHint<T>(path: string): (body: unknown) => Promise<T | undefined> {
  const { http: client } = useContext(LoginClientContext);
  return useCallback(
    (body: unknown) =>
      client.post<T>(path, body, QUIET).then(
        ({ data }) => data,
        () => undefined,
      ),
    [client, path],
  );
}

/**
 * The auth provider's login, then the page the user was sent away from (`?to=`, as Refine's
 * login does) or the provider's redirect. `data` is the last answer (a refusal's error shows in
 * the form); as with a mutation, it goes while the next attempt is awaited.
 */
export function useSignIn<P>() {
  const { login } = useContext(LoginClientContext);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<{ data?: AuthActionResponse; isPending: boolean }>({ isPending: false });
  const signIn = useCallback(
    async (values: P): Promise<AuthActionResponse> => {
      setState({ isPending: true });
      const result = await login(values);
      setState({ data: result, isPending: false });
      if (result.success) navigate(params.get('to') || result.redirectTo || '/index', { replace: true });
      return result;
    },
    [login, navigate, params],
  );
  return { signIn, ...state };
}

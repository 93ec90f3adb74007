import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { roleAtLeast, type Role, type User } from '@app/contracts';
import { ApiError, setUnauthorizedHandler } from '../../../lib/api-client';
import { fetchMe, signOut as signOutCall } from '../api/auth-api';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in' | 'unreachable';

interface AuthState {
  status: AuthStatus;
  /** The signed-in user (null unless `signed-in`). */
  user: User | null;
  /** After a sign-in or a password change: the user as the API answered. */
  setUser: (user: User) => void;
  signOut: () => Promise<void>;
  /** Asks the API again (after the server was unreachable). */
  reload: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** Who is signed in (GET /api/auth/me at start); any call's 401 signs the page out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUserState] = useState<User | null>(null);

  const load = useCallback(() => {
    setStatus('loading');
    fetchMe()
      .then(({ user: me }) => {
        setUserState(me);
        setStatus('signed-in');
      })
      .catch((e: unknown) => {
        setUserState(null);
        setStatus(e instanceof ApiError && e.status === 401 ? 'signed-out' : 'unreachable');
      });
  }, []);

  useEffect(() => {
    load();
    setUnauthorizedHandler(() => {
      setUserState(null);
      setStatus('signed-out');
    });
    return () => setUnauthorizedHandler(null);
  }, [load]);

  const setUser = useCallback((fresh: User) => {
    setUserState(fresh);
    setStatus('signed-in');
  }, []);

  const signOut = useCallback(async () => {
    await signOutCall();
    setUserState(null);
    setStatus('signed-out');
  }, []);

  const value = useMemo(() => ({ status, user, setUser, signOut, reload: load }), [status, user, setUser, signOut, load]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

/** Whether the signed-in user's role allows what needs `role` (the API checks it again). */
export function useCan(role: Role): boolean {
  const { user } = useAuth();
  return !!user && roleAtLeast(user.role, role);
}

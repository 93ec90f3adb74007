import type { ApiTokenInfo, AuthOptions, CreatedApiToken, MeResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

export const fetchMe = () => apiRequest<MeResponse>('/api/auth/me');
export const fetchAuthOptions = () => apiRequest<AuthOptions>('/api/auth/options');
export const signIn = (login: string, password: string) => apiRequest<MeResponse>('/api/auth/sign-in', { method: 'POST', json: { login, password } });
export const signOut = () => apiRequest<void>('/api/auth/sign-out', { method: 'POST' });
export const changePassword = (current: string, next: string) => apiRequest<MeResponse>('/api/auth/password', { method: 'POST', json: { current, next } });
export const fetchTokens = () => apiRequest<ApiTokenInfo[]>('/api/auth/tokens');
export const createToken = (name: string) => apiRequest<CreatedApiToken>('/api/auth/tokens', { method: 'POST', json: { name } });
export const revokeToken = (id: string) => apiRequest<void>(`/api/auth/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

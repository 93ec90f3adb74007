import type { Role, User } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface NewUserRequest {
  login: string;
  displayName?: string;
  role: Role;
  password: string;
}

export interface UserPatch {
  displayName?: string;
  role?: Role;
  disabled?: boolean;
  password?: string;
  /** Where the user's notices go (DESIGN §17); null clears it. */
  email?: string | null;
}

export const fetchUsers = () => apiRequest<User[]>('/api/users');
export const createUser = (body: NewUserRequest) => apiRequest<User>('/api/users', { method: 'POST', json: body });
export const updateUser = (id: string, patch: UserPatch) => apiRequest<User>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch });

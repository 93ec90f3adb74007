import type { CreateProfileRequest, RuleProfile, UpdateProfileRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

const profileUrl = (id: string) => `/api/profiles/${encodeURIComponent(id)}`;

/** Every rule profile, the default `Общие правила` first. */
export function fetchProfiles(): Promise<RuleProfile[]> {
  return apiRequest<RuleProfile[]>('/api/profiles');
}

export function fetchProfile(id: string): Promise<RuleProfile> {
  return apiRequest<RuleProfile>(profileUrl(id));
}

/** A new profile with a copy of `copyFrom`'s rules and headers. */
export function createProfile(name: string, copyFrom: string): Promise<RuleProfile> {
  const body: CreateProfileRequest = { name, copyFrom };
  return apiRequest<RuleProfile>('/api/profiles', { method: 'POST', json: body });
}

/** A part left out keeps its value. */
export function updateProfile(id: string, change: UpdateProfileRequest): Promise<RuleProfile> {
  return apiRequest<RuleProfile>(profileUrl(id), { method: 'PUT', json: change });
}

/** Its tasks move to the default profile. */
export function deleteProfile(id: string): Promise<void> {
  return apiRequest<void>(profileUrl(id), { method: 'DELETE' });
}

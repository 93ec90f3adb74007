import type { Mapping } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

export function fetchGlobalMapping(): Promise<Mapping> {
  return apiRequest<Mapping>('/api/mappings/global');
}

export function saveGlobalMapping(mapping: Mapping): Promise<Mapping> {
  return apiRequest<Mapping>('/api/mappings/global', { method: 'PUT', json: mapping });
}

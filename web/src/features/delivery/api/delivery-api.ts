import type {
  BatchSendResponse,
  Delivery,
  DeliverySettingsResponse,
  FollowState,
  FollowedList,
  MailTestRequest,
  MailTestResponse,
  MeResponse,
  PatchMeRequest,
  PutDeliveryRequest,
  SendExportRequest,
} from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

const taskUrl = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;
const followUrl = (listId: string) => `/api/price-lists/${encodeURIComponent(listId)}/follow`;

export const fetchDeliverySettings = (taskId: string) => apiRequest<DeliverySettingsResponse>(`${taskUrl(taskId)}/delivery`);

export const saveDeliverySettings = (taskId: string, body: PutDeliveryRequest) =>
  apiRequest<DeliverySettingsResponse>(`${taskUrl(taskId)}/delivery`, { method: 'PUT', json: body });

/** The task's delivery log, newest first. */
export const fetchDeliveries = (taskId: string, signal?: AbortSignal) => apiRequest<Delivery[]>(`${taskUrl(taskId)}/deliveries`, { signal });

/** Queued (202); 409 `Уже отправлено …` when it went to these recipients already and `resend` is not set. */
export const sendExport = (exportId: string, resend = false) => {
  const body: SendExportRequest = resend ? { resend: true } : {};
  return apiRequest<Delivery>(`/api/exports/${encodeURIComponent(exportId)}/send`, { method: 'POST', json: body });
};

export const sendBatch = (batchId: string) => apiRequest<BatchSendResponse>(`/api/batches/${encodeURIComponent(batchId)}/send`, { method: 'POST', json: {} });

/** Admins: a test message sent while waiting; the server's reply, or 502 with why it failed. */
export const sendMailTest = (to: string) => {
  const body: MailTestRequest = { to };
  return apiRequest<MailTestResponse>('/api/admin/mail/test', { method: 'POST', json: body });
};

export const fetchFollow = (listId: string) => apiRequest<FollowState>(followUrl(listId));
export const setFollow = (listId: string, following: boolean) => apiRequest<FollowState>(followUrl(listId), { method: following ? 'PUT' : 'DELETE' });
export const fetchFollows = () => apiRequest<FollowedList[]>('/api/follows');

export const saveMyEmail = (email: string | null) => {
  const body: PatchMeRequest = { email };
  return apiRequest<MeResponse>('/api/auth/me', { method: 'PATCH', json: body });
};

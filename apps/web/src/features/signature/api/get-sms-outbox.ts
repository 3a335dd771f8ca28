import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export type SmsMessage = {
  id: string;
  to: string;
  text: string;
  status: 'SENT' | 'LOCAL_OUTBOX' | 'FAILED';
  provider: string;
  error: string | null;
  createdAt: string;
};

/** GET /sms/outbox: the studio's last 100 SMS (the local outbox keeps those never sent). */
export const getSmsOutbox = () => http.get<SmsMessage[]>('/sms/outbox');

export const useSmsOutbox = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ queryKey: ['studio', studioId, 'sms-outbox'], queryFn: getSmsOutbox, enabled: Boolean(studioId) });
};

import type { Fattura } from '@studiolo/domain/invoices';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /documento-contabile/send-sdi/{id}: checks the invoice as the SDI would and queues it (idempotent). */
export const sendSdi = (id: string) => http.post<Fattura>(`/documento-contabile/send-sdi/${id}`);

export const useSendSdi = () => useMutation({ mutationFn: sendSdi });

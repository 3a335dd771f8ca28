import type { ConsumptionMeter } from '@studiolo/domain/reminders';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** PATCH /consumption-meter/enable (spec part 2 §7): the box's switch. */
export const enableSmsMeter = (input: { consumptionMeterId: string; enabled: boolean }) =>
  http.patch<ConsumptionMeter>('/consumption-meter/enable', input);

export const useEnableSmsMeter = (onDone: () => void) => useMutation({ mutationFn: enableSmsMeter, onSuccess: onDone });

import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/logout-all: "Esci da tutti i dispositivi" ends every session of the user, this one included. */
export const logoutAll = () => http.post<null>('/user/logout-all');

export const useLogoutAll = () => useMutation({ mutationFn: logoutAll });

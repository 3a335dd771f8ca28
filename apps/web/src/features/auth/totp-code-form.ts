import { totpCodeSchema } from '@studiolo/domain/auth';
import { z } from '@studiolo/domain/zod';

/**
 * The form with the six-digit code of the authenticator app (set-up, sign-in, turning it off): left empty it says
 * "Campo obbligatorio" (the domain's message for an empty field, spec part 1 §5); anything but six digits says the
 * domain's "Codice di verifica non valido", the same words the server uses when it refuses a code.
 */
export const totpCodeFormSchema = z.object({ code: z.string().trim().min(1).pipe(totpCodeSchema) });

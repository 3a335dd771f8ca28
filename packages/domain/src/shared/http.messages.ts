/** Italian texts of the HTTP-level errors (spec part 2 §8) and the ones the spec leaves to us (docs/decisions/003). */
export const httpMessages = {
  // spec part 2 §8
  internal: "Opss..Errore inaspettato! Per favore riprovare o contattare l'assistenza",
  turnstileUnavailable: 'Verifica di sicurezza non disponibile. Riprova tra qualche istante.',
  // decided (spec: not shown)
  badRequest: 'Richiesta non valida',
  unauthorized: "Sessione scaduta o non valida, effettua di nuovo l'accesso",
  forbidden: 'Non hai i permessi per eseguire questa operazione',
  notFound: 'Risorsa non trovata',
  payloadTooLarge: 'Il file è troppo grande',
  unsupportedMediaType: 'Formato del contenuto non supportato',
  serviceUnavailable: 'Servizio momentaneamente non disponibile, riprovare tra poco',
  quotaExceeded: 'Limite di utilizzo raggiunto',
  turnstileInvalid: 'Verifica di sicurezza non superata. Ricarica la pagina e riprova.',
} as const;

/** spec part 2 §8: the 429 text, minutes from X-Rate-Limit-Retry-After-Minutes (default 60). */
export const tooManyRequestsMessage = (minutes: number, supportEmail: string) =>
  `Hai effettuato troppe richieste. Per favore aspetta ${minutes} min prima di riprovare. Oppure contatta ${supportEmail}`;

/** Default retry delay in minutes when the 429 answer has no header (spec part 2 §8). */
export const defaultRetryAfterMinutes = 60;
export const rateLimitHeader = 'X-Rate-Limit-Retry-After-Minutes';
export const supportEmailAddress = 'assistenza@studiolo.it';

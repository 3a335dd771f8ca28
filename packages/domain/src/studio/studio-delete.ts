import { z } from '../shared/zod-it.ts';

/**
 * Deleting a whole studio (issue 30 item 5, decision 040): the owner confirms with their password and by typing the
 * studio's name as shown (studioDisplayName). Bounded: a name of at most 300 characters, a password of at most 200.
 */
export const studioDeleteInputSchema = z.object({
  password: z.string().min(1).max(200),
  nomeStudio: z.string().min(1).max(300),
});
export type StudioDeleteInput = z.infer<typeof studioDeleteInputSchema>;

const comparable = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('it-IT');

/** @returns whether what the owner typed is the studio's name (spaces and capitals aside). */
export const matchesStudioName = (typed: string, studioName: string): boolean =>
  comparable(studioName) !== '' && comparable(typed) === comparable(studioName);

export const studioDeleteMessages = {
  deleted: 'Studio eliminato con tutti i suoi dati',
  wrongPassword: 'La password non è corretta: lo studio non è stato eliminato',
  wrongName: 'Il nome scritto non corrisponde al nome dello studio: lo studio non è stato eliminato',
  ownerOnly: 'Solo il titolare può eliminare lo studio',
  notInSupportMode: 'Lo studio non si può eliminare in modalità assistenza: deve farlo il titolare',
  /** The dialog's text (web), and the warning the owner confirms. */
  dialogTitle: 'Eliminare lo studio?',
  whatGoes:
    'Verranno eliminati definitivamente, per tutto lo staff: pazienti, cartelle cliniche (valutazioni, diario, misure di esito, allegati, schemi corporei), appuntamenti e calendari, fatture e documenti contabili (anche quelli inviati allo SDI e al Sistema TS), fatture ricevute, moduli e documenti firmati, impostazioni, logo e personale dello studio.',
  legalWarning:
    'Fatture, documenti firmati e cartelle cliniche sono documenti che la legge obbliga a conservare per anni (le fatture 10 anni, art. 2220 c.c.): prima di eliminare lo studio assicurati di averne una copia. Dopo non sarà più possibile recuperarli.',
  accountKept:
    'Il tuo account resta attivo: potrai configurare un nuovo studio o continuare a lavorare negli altri studi di cui fai parte.',
  confirmNameLabel: (name: string) => `Per confermare, scrivi il nome dello studio: ${name}`,
  passwordLabel: 'La tua password',
  confirm: 'Elimina lo studio',
  cancel: 'Annulla',
  dangerTitle: 'Elimina lo studio',
  dangerText: 'Elimina lo studio e tutti i suoi dati, per tutto lo staff. L’operazione non si può annullare.',
} as const;

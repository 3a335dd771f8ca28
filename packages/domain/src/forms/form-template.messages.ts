/** Every Italian text of form templates (spec part 1 §2, §4), in one place for server and web. */
export const formTemplateMessages = {
  created: 'Modulo creato',
  updated: 'Modulo aggiornato',
  deleted: 'Modulo eliminato',
  duplicated: 'Modulo duplicato',
  titleRequired: 'Campo obbligatorio',
  titleTooLong: 'Il titolo può contenere al massimo 200 caratteri',
  contentTooLong: 'Il modulo è troppo lungo (al massimo 200.000 caratteri)',
  unknownTokens: (tokens: readonly string[]) =>
    `Segnaposto sconosciut${tokens.length === 1 ? 'o' : 'i'}: ${tokens.map((t) => `{{${t}}}`).join(', ')}`,
  sharedReadOnly:
    'Questo modulo è condiviso da un altro studio: puoi consultarlo o duplicarlo, ma non modificarlo né eliminarlo.',
  duplicateQuestion: 'Vuoi duplicare questo modulo?',
  copySuffix: ' - copia del ',
  sharedBadge: 'Condiviso',
  ownSharedBadge: 'Hai condiviso con altri',
  emptyState: 'Nessun modulo trovato... Aggiungi un modulo cliccando qui',
  columnTitle: 'Nome modulo',
  emptyForm: 'Scarica il modulo vuoto.',
  patientRequired: 'Seleziona un paziente per procedere oppure premi "Annulla"',
  pdfFooter: 'Letto, confermato e sottoscritto il',
  pdfPage: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  templatesRequired: 'Seleziona almeno un modulo',
} as const;

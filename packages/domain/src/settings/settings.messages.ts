/** Italian answers of the settings routes (the spec shows none: decided here). */
export const settingsMessages = {
  saved: 'Impostazioni salvate',
  resourceSaved: 'Elemento salvato',
  resourceDeleted: 'Elemento eliminato',
  tooLarge: 'Impostazioni troppo grandi',
  sezionaleSaved: 'Sezionale salvato',
  sezionaleInvalid: 'Sezionale non valido',
  calendarResourcesReadOnly: 'Stanze, sedi e dispositivi medici si modificano dalle loro voci',
  passiveInvoiceEnabled: 'Fatturazione passiva attivata',
  passiveInvoiceDisabled: 'Fatturazione passiva disattivata',
} as const;

/** Every Italian text of subscriptions and payments (issue 29, decision 037). */
export const billingMessages = {
  title: 'Abbonamento',
  overdueBadge: 'Scaduto',
  simulatorLabel: 'pagamento di prova, nessun addebito',
  simulatorNotice: 'Nessuna carta viene addebitata. I pagamenti reali si attivano configurando STRIPE_SECRET_KEY.',
  alreadySubscribed: 'Hai già un abbonamento: per cambiare piano usa "Gestisci pagamenti"',
  manage: 'Gestisci pagamenti',
  priceNotFound: 'Prezzo non trovato',
  returnUrlInvalid: "L'indirizzo di ritorno deve essere una pagina di Studiolo",
  noCustomer: 'Nessun pagamento registrato: scegli prima un piano',
  providerUnavailable: 'Il servizio di pagamento non risponde. Riprova tra qualche minuto.',
  webhookSignatureInvalid: 'Firma del webhook non valida',
  webhookInvalid: 'Evento non valido',
  checkoutExpired: 'Sessione di pagamento scaduta o non valida',
  planRequired: (feature: string) =>
    `${feature}: la funzione non è inclusa nel tuo piano o l'abbonamento è scaduto. Puoi sceglierla da Abbonamento; i tuoi dati restano consultabili ed esportabili.`,
} as const;

/** How a subscription status reads (stripeSubStatus). */
export const subscriptionStatusLabels = {
  trialing: 'In prova',
  active: 'Attivo',
  past_due: 'Pagamento in ritardo',
  canceled: 'Annullato',
  unpaid: 'Non pagato',
  incomplete: 'Incompleto',
} as const;

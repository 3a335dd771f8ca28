export const staffMessages = {
  invited: 'Invito inviato via email',
  /** Without SMTP the invitation is only in the local outbox: say so, never claim it was sent. */
  invitedLocalOutbox: "Invito creato: l'email è nella posta in uscita locale e non è stata inviata",
  updated: 'Membro dello staff aggiornato',
  removed: 'Membro dello staff rimosso',
  alreadyMember: 'Questa email fa già parte dello staff dello studio',
  cannotChangeOwner: 'Il titolare dello studio non può essere modificato o rimosso',
  inviteAccepted: 'Invito accettato: ora fai parte dello studio',
  inviteSubject: (studio: string) => `Invito a collaborare con ${studio} su Studiolo`,
} as const;

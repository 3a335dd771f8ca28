/**
 * Italian texts of the referral programme and the global banner (spec part 2 §2, §4, §5, §9). Texts the spec does not
 * give are ours (decision 003, decision 038).
 */
export const referralMessages = {
  boxTitle: 'Programma Invita Un Amico',
  boxIntro: (amount: number) =>
    `Invita un collega: quando attiva il suo abbonamento ricevete ${amount}€ di credito ciascuno. Nessun limite di inviti, il credito non scade.`,
  emailLabel: 'E-mail del collega',
  reasonLabel: 'Messaggio (facoltativo)',
  send: 'Invia invito',
  completedLine: (amount: number) => `Cliente attivo • ${amount}€ guadagnati ciascuno`,
  completed: 'Completato',
  pending: 'In attesa di registrazione',
  registered: 'Registrato • in attesa del primo pagamento',
  cancel: 'Annulla',
  counter: (done: number, all: number) => `Completati: ${done}/${all}`,
  empty: 'Non hai ancora invitato nessuno.',
  shareWhatsapp: 'Condividi su WhatsApp',
  copyLink: 'Copia link di invito',
  linkCopied: 'Link di invito copiato!',
  whatsappDefault: (link: string) =>
    `Ciao! Uso Studiolo per gestire il mio studio: agenda, pazienti e fatture in un unico posto. Iscriviti da questo link e riceviamo 50€ di credito ciascuno: ${link}`,
  sent: 'Invito inviato',
  cancelled: 'Invito annullato',
  // validation (spec part 2 §5: required and valid)
  emailInvalid: 'Inserisci un indirizzo e-mail valido',
  self: 'Non puoi invitare te stesso',
  alreadyRegistered: 'Questo indirizzo è già registrato a Studiolo: non può essere invitato',
  duplicate: 'Hai già invitato questo indirizzo',
  notPending: 'Un invito già accettato non può essere annullato',
  tooMany: 'Hai inviato troppi inviti oggi: riprova domani',
  // the invitation e-mail (spec part 2 §5 gives no text: ours, decision 038)
  mailSubject: (inviter: string) => `${inviter} ti invita su Studiolo`,
  mailText: (inviter: string, reason: string | null, link: string, amount: number) =>
    [
      'Ciao,',
      '',
      `${inviter} usa Studiolo per gestire il proprio studio (agenda, pazienti, fatture) e ti invita a provarlo.`,
      ...(reason ? ['', `Il suo messaggio: «${reason}»`] : []),
      '',
      `Registrati da questo link: quando attiverai il tuo abbonamento riceverete ${amount}€ di credito ciascuno.`,
      link,
      '',
      'Se non conosci questa persona puoi ignorare questa e-mail.',
      '',
      'Il team di Studiolo',
    ].join('\n'),
} as const;

export const bannerMessages = {
  details: 'Dettagli',
  hideDetails: 'Nascondi dettagli',
  close: 'Chiudi avviso',
  shareInvite: 'Invita un amico',
  adminTitle: 'Avviso globale',
  adminIntro: 'L’avviso compare in alto a tutti gli utenti collegati, in ogni studio.',
  title: 'Titolo',
  descriptionTitle: 'Titolo dei dettagli',
  descriptionBody: 'Testo dei dettagli (HTML)',
  showBanner: 'Mostra l’avviso',
  showBtnShareInvito: 'Mostra il pulsante "Invita un amico"',
  whatsappShareMsg: 'Messaggio per WhatsApp',
  save: 'Salva avviso',
  saved: 'Avviso salvato',
  preview: 'Anteprima',
} as const;

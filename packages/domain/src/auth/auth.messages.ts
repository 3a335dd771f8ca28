/** Auth texts. The spec does not word them (part 1 §7: "Request bodies are not shown"); docs/decisions/003. */
export const authMessages = {
  invalidCredentials: 'Email o password non corretti',
  emailTaken: 'Esiste già un account con questa email',
  passwordTooShort: 'La password deve contenere almeno 8 caratteri',
  passwordTooLong: 'La password può contenere al massimo 128 caratteri',
  passwordTooCommon: 'Password troppo comune, scegline una meno prevedibile',
  resetRequested: "Se l'indirizzo è registrato riceverai un'email con il link per reimpostare la password",
  resetLinkInvalid: 'Il link per reimpostare la password non è valido o è scaduto',
  passwordChanged: 'Password aggiornata, accedi con la nuova password',
  oldPasswordWrong: 'La password attuale non è corretta',
  changePwdNeedsProof: 'Indica la password attuale oppure usa il link ricevuto via email',
  signupDone: 'Registrazione completata',
  profileUpdated: 'Profilo aggiornato',
  totpInvalid: 'Codice di verifica non valido',
  totpChallengeExpired: "Verifica scaduta, effettua di nuovo l'accesso",
  totpEnabled: 'Verifica in due passaggi attivata',
  totpDisabled: 'Verifica in due passaggi disattivata',
  totpRequiredByStudio: 'Lo studio richiede la verifica in due passaggi: configurala per continuare',
  totpCannotDisableRequired: 'Lo studio richiede la verifica in due passaggi: non puoi disattivarla',
  supportSecretInvalid: 'Credenziali di supporto non valide',
  supportUserNotFound: 'Utente da assistere non trovato',
  inviteInvalid: "L'invito non è valido o è già stato usato",
  // Issue 25 items 8 and 10 (decision 003): the same answer for a new and a registered address, confirmation, sign-out.
  signupCheckEmail:
    "Controlla la tua email: ti abbiamo scritto all'indirizzo indicato. Apri il link che trovi nel messaggio per continuare",
  signupExistingSubject: 'Il tuo account Studiolo',
  signupExistingText: (nome: string, signInUrl: string, forgotUrl: string) =>
    `Ciao ${nome},\n\nqualcuno ha chiesto di registrarsi a Studiolo con questo indirizzo email, che ha già un account.\n\nSe sei stato tu, accedi da qui:\n${signInUrl}\n\nSe non ricordi la password puoi reimpostarla da qui:\n${forgotUrl}\n\nSe non sei stato tu ignora questa email: il tuo account non è cambiato.\n\nStudiolo`,
  verifyEmailSubject: 'Conferma il tuo indirizzo email per Studiolo',
  verifyEmailText: (nome: string, link: string) =>
    `Ciao ${nome},\n\nper confermare che questo indirizzo è tuo apri questo link entro 24 ore:\n${link}\n\nSe non hai chiesto tu di usare questo indirizzo per Studiolo ignora questa email.\n\nStudiolo`,
  verifyLinkInvalid: 'Il link di conferma non è valido o è scaduto',
  emailVerified: 'Indirizzo email confermato',
  emailAlreadyVerified: 'Il tuo indirizzo email è già confermato',
  verificationSent: "Ti abbiamo inviato un'email con il link per confermare l'indirizzo",
  emailNotVerified:
    "Conferma il tuo indirizzo email prima di inviare messaggi ai pazienti: trovi il link nell'email che ti abbiamo inviato, oppure chiedine uno nuovo dal tuo profilo",
  loggedOut: 'Sei uscito da Studiolo',
  loggedOutEverywhere: 'Sei uscito da tutti i dispositivi',
} as const;

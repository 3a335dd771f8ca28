/** Texts about mail delivery not in the spec (decision 003). */
export const mailMessages = {
  deliveryFailed: "Non è stato possibile inviare l'email in questo momento: riprova tra qualche minuto",
  /** What the studio's mail log shows in place of a link that is the recipient's alone (a patient's cancel link). */
  hiddenLink: '[link personale del destinatario, non mostrato]',
} as const;

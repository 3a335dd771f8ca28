/** Texts about mail delivery not in the spec (decision 003). */
export const mailMessages = {
  deliveryFailed: "Non è stato possibile inviare l'email in questo momento: riprova tra qualche minuto",
} as const;

/**
 * Where an issued document goes, and why (issue 13, part 2 §4 SDI column): one rule for every document. Health
 * services invoiced to a natural person never go through the SDI (art. 10-bis DL 119/2018, extended every year since):
 * their data go to the Sistema Tessera Sanitaria instead, so that they reach the patient's precompiled tax return.
 * Every other invoice or credit note is electronic and goes through the SDI (art. 1, c. 3, D.Lgs. 127/2015; since
 * 2024 for the forfettario regime too).
 */
export const canaliInvio = ['SDI', 'SISTEMA_TS'] as const;
export type CanaleInvio = (typeof canaliInvio)[number];

export type CanaleDecision = { canale: CanaleInvio; motivo: string };

export type CanaleInput = {
  tipoDocumento: string;
  cliente: { tipologiaPersona: 'FISICA' | 'GIURIDICA'; partitaIva: string | null; opposizioneTs?: boolean };
  formatoTrasmissione?: 'FPR_12' | 'FPA_12' | null;
  /** For a credit note: the type of the invoice it corrects (a health invoice's correction follows it). */
  tipoDocumentoCollegato?: string | null;
};

export const canaleMessages = {
  sistemaTs:
    'Prestazione sanitaria a una persona fisica: per legge non passa dallo SDI (art. 10-bis DL 119/2018). I dati della spesa vanno al Sistema Tessera Sanitaria.',
  sistemaTsOpposto:
    'Prestazione sanitaria a una persona fisica: per legge non passa dallo SDI (art. 10-bis DL 119/2018). Il paziente si è opposto all’invio al Sistema Tessera Sanitaria: la spesa va senza il suo codice fiscale.',
  pubblicaAmministrazione:
    'Fattura a una pubblica amministrazione: va allo SDI in formato FPA12, con il codice univoco dell’ufficio.',
  azienda: 'Fattura a un’azienda o a un professionista: va allo SDI come fattura elettronica.',
  personaFisica:
    'Fattura a una persona fisica per una prestazione non sanitaria: va allo SDI con codice destinatario 0000000; il cliente la trova nella sua area riservata dell’Agenzia delle Entrate.',
} as const;

const isHealth = (tipo: string | null | undefined) => tipo === 'FATTURA_SANITARIA';

/** @returns the channel of an invoice or credit note (pro-forma are not fiscal documents and go nowhere). */
export const canaleInvioOf = (d: CanaleInput): CanaleDecision => {
  const person = d.cliente.tipologiaPersona === 'FISICA' && !d.cliente.partitaIva;
  const health =
    isHealth(d.tipoDocumento) || (d.tipoDocumento === 'NOTA_DI_CREDITO' && isHealth(d.tipoDocumentoCollegato));
  if (person && health)
    return {
      canale: 'SISTEMA_TS',
      motivo: d.cliente.opposizioneTs ? canaleMessages.sistemaTsOpposto : canaleMessages.sistemaTs,
    };
  if (d.formatoTrasmissione === 'FPA_12') return { canale: 'SDI', motivo: canaleMessages.pubblicaAmministrazione };
  if (!person) return { canale: 'SDI', motivo: canaleMessages.azienda };
  return { canale: 'SDI', motivo: canaleMessages.personaFisica };
};

/** Fiscal regimes of FatturaPA (RegimeFiscale), as the spec names them (part 2 §3: RF_01, RF_02, RF_04 to RF_19). */
export const regimiFiscali = [
  'RF_01',
  'RF_02',
  'RF_04',
  'RF_05',
  'RF_06',
  'RF_07',
  'RF_08',
  'RF_09',
  'RF_10',
  'RF_11',
  'RF_12',
  'RF_13',
  'RF_14',
  'RF_15',
  'RF_16',
  'RF_17',
  'RF_18',
  'RF_19',
] as const;
export type RegimeFiscale = (typeof regimiFiscali)[number];

/** Descriptions from the FatturaPA technical specification (table RegimeFiscale). */
export const regimeFiscaleLabels: Record<RegimeFiscale, string> = {
  RF_01: 'Ordinario',
  RF_02: 'Contribuenti minimi (art. 1, c. 96-117, L. 244/07)',
  RF_04: 'Agricoltura e attività connesse e pesca (artt. 34 e 34-bis, DPR 633/72)',
  RF_05: 'Vendita sali e tabacchi (art. 74, c. 1, DPR 633/72)',
  RF_06: 'Commercio fiammiferi (art. 74, c. 1, DPR 633/72)',
  RF_07: 'Editoria (art. 74, c. 1, DPR 633/72)',
  RF_08: 'Gestione servizi telefonia pubblica (art. 74, c. 1, DPR 633/72)',
  RF_09: 'Rivendita documenti di trasporto pubblico e di sosta (art. 74, c. 1, DPR 633/72)',
  RF_10:
    'Intrattenimenti, giochi e altre attività di cui alla tariffa allegata al DPR 640/72 (art. 74, c. 6, DPR 633/72)',
  RF_11: 'Agenzie viaggi e turismo (art. 74-ter, DPR 633/72)',
  RF_12: 'Agriturismo (art. 5, c. 2, L. 413/91)',
  RF_13: 'Vendite a domicilio (art. 25-bis, c. 6, DPR 600/73)',
  RF_14: "Rivendita beni usati, oggetti d'arte, d'antiquariato o da collezione (art. 36, DL 41/95)",
  RF_15: "Agenzie di vendite all'asta di oggetti d'arte, antiquariato o da collezione (art. 40-bis, DL 41/95)",
  RF_16: 'IVA per cassa P.A. (art. 6, c. 5, DPR 633/72)',
  RF_17: 'IVA per cassa (art. 32-bis, DL 83/2012)',
  RF_18: 'Altro',
  RF_19: 'Regime forfettario (art. 1, c. 54-89, L. 190/2014)',
};

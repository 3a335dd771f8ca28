/** spec part 2 §3: withholding types RT_01 to RT_06 (FatturaPA TipoRitenuta RT01–RT06). */
export const tipiRitenuta = ['RT_01', 'RT_02', 'RT_03', 'RT_04', 'RT_05', 'RT_06'] as const;
export type TipoRitenuta = (typeof tipiRitenuta)[number];

export const tipoRitenutaLabels: Record<TipoRitenuta, string> = {
  RT_01: 'Ritenuta persone fisiche',
  RT_02: 'Ritenuta persone giuridiche',
  RT_03: 'Contributo INPS',
  RT_04: 'Contributo ENASARCO',
  RT_05: 'Contributo ENPAM',
  RT_06: 'Altro contributo previdenziale',
};

/** spec part 2 §3: payment reasons, the letters A to Z without F (Certificazione Unica, FatturaPA CausalePagamento). */
export const causaliPagamento = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'W',
  'X',
  'Y',
  'Z',
] as const;
export type CausalePagamento = (typeof causaliPagamento)[number];

/** The statutory descriptions (istruzioni della Certificazione Unica, lavoro autonomo). */
export const causalePagamentoLabels: Record<CausalePagamento, string> = {
  A: "Prestazioni di lavoro autonomo rientranti nell'esercizio di arte o professione abituale",
  B: "Utilizzazione economica, da parte dell'autore o dell'inventore, di opere dell'ingegno, di brevetti industriali e di processi, formule o informazioni relativi a esperienze acquisite in campo industriale, commerciale o scientifico",
  C: "Utili derivanti da contratti di associazione in partecipazione e da contratti di cointeressenza, quando l'apporto è costituito esclusivamente dalla prestazione di lavoro",
  D: 'Utili spettanti ai soci promotori e ai soci fondatori delle società di capitali',
  E: 'Levata di protesti cambiari da parte dei segretari comunali',
  G: 'Indennità corrisposte per la cessazione di attività sportiva professionale',
  H: 'Indennità corrisposte per la cessazione dei rapporti di agenzia delle persone fisiche e delle società di persone, con esclusione delle somme maturate entro il 31 dicembre 2003',
  I: 'Indennità corrisposte per la cessazione da funzioni notarili',
  J: "Compensi corrisposti ai raccoglitori occasionali di tartufi non identificati ai fini dell'imposta sul valore aggiunto",
  K: "Assegni di servizio civile di cui all'art. 16 del D.Lgs. n. 40 del 2017",
  L: "Utilizzazione economica, da parte di soggetto diverso dall'autore o dall'inventore, di opere dell'ingegno, di brevetti industriali e di processi, formule e informazioni relativi a esperienze acquisite in campo industriale, commerciale o scientifico",
  M: 'Prestazioni di lavoro autonomo non esercitate abitualmente',
  N: "Indennità di trasferta, rimborso forfetario di spese, premi e compensi erogati nell'esercizio diretto di attività sportive dilettantistiche",
  O: "Prestazioni di lavoro autonomo non esercitate abitualmente, per le quali sussiste l'obbligo di iscrizione alla Gestione Separata INPS",
  P: "Compensi corrisposti a soggetti non residenti privi di stabile organizzazione per l'uso o la concessione in uso di attrezzature industriali, commerciali o scientifiche che si trovano nel territorio dello Stato",
  Q: 'Provvigioni corrisposte ad agente o rappresentante di commercio monomandatario',
  R: 'Provvigioni corrisposte ad agente o rappresentante di commercio plurimandatario',
  S: 'Provvigioni corrisposte a commissionario',
  T: 'Provvigioni corrisposte a mediatore',
  U: 'Provvigioni corrisposte a procacciatore di affari',
  V: 'Provvigioni corrisposte a incaricato per le vendite a domicilio e per la vendita porta a porta e ambulante di giornali quotidiani e periodici',
  W: "Corrispettivi per prestazioni relative a contratti d'appalto cui si sono resi applicabili le disposizioni dell'art. 25-ter del DPR 600/73",
  X: "Canoni corrisposti nel 2004 da società o enti residenti o da stabili organizzazioni di società estere di cui all'art. 26-quater, c. 1, lett. a) e b) del DPR 600/73",
  Y: "Canoni corrisposti dal 1° gennaio 2005 al 26 luglio 2005 da società o enti di cui all'art. 26-quater, c. 1, lett. a) e b) del DPR 600/73",
  Z: 'Titolo diverso dai precedenti',
};

/** spec part 2 §9: default withholding rate. */
export const defaultAliquotaRitenuta = 20;

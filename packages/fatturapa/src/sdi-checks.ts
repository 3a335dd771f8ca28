import { isValidPartitaIva, isValidPersonalCodiceFiscale } from '@studiolo/domain/anagrafica';
import { absUnits, centsToUnits, parseDecimal, scale, unitsAsEuroText, unitsToCents } from './decimal.ts';
import type { FatturaPa, FatturaPaBody } from './model.ts';

/**
 * The SDI's own checks, run before a document is issued or sent, so that the exchange never refuses it: the content
 * checks of the "Specifiche tecniche" (Allegato A, v1.9, "Elenco dei codici errore", 00400–00476 where they apply to
 * an invoice TD01 or a credit note TD04), the formal checks of the fiscal identifiers (00301, 00305, 00306), the
 * required elements a schema check would report as 00200, and the stamp-duty rule. Tolerances as the SDI's: 00421 and
 * 00423 one cent, 00422 one euro. Every error says, in Italian, what is wrong and what to change in Studiolo.
 * Compared with FatturaElettronica.NET (Validators/) and eInvoice4D (ei4D.Validators.ExtraXSD.pas).
 * Not here, because they are about the exchange and not the file: 00404/00409 (duplicates: numbering never repeats),
 * 00460 (simplified invoices), 00471–00475 (self-invoices and TD16–TD28, which a studio does not issue).
 */

export type SdiCheckError = {
  /** The SDI error code (five digits), or BOLLO for the stamp-duty rule. */
  codice: string;
  /** What is wrong, in the SDI's terms, with the element's number in the schema. */
  descrizione: string;
  /** What to change, in the words of the app. */
  suggerimento: string;
};

export type SdiCheckOptions = {
  /** Today in Italy (YYYY-MM-DD): a document may not be dated after the day it reaches the SDI (00403). */
  today?: string;
};

const centUnits = centsToUnits(1);
const euroUnits = centsToUnits(100);
const stampDutyThresholdUnits = centsToUnits(7747);
const genericNature = new Set(['N2', 'N3', 'N6']);
/** Operations without VAT on which the stamp duty is not due: exports and intra-EU (N3.1–N3.4), reverse charge (N6.x). */
const natureWithoutStampDuty = /^(N3\.[1-4]|N6(\.\d)?)$/;

const u = (text: string | undefined): bigint => parseDecimal(text) ?? 0n;
const rateText = (text: string) => `${unitsAsEuroText(u(text)).replace(/,00$/, '')}%`;
const isZero = (text: string) => u(text) === 0n;

/** A line's total as the SDI recomputes it: the unit price through each discount or surcharge, times the quantity. */
const expectedLineTotal = (l: FatturaPaBody['dettaglioLinee'][number]): bigint => {
  let price = u(l.prezzoUnitario);
  for (const s of l.scontoMaggiorazione) {
    if (s.importo === undefined && s.percentuale === undefined) continue;
    const amount = s.importo !== undefined ? absUnits(u(s.importo)) : (price * u(s.percentuale)) / (100n * scale);
    price = s.tipo === 'SC' ? price - amount : price + amount;
  }
  const quantity = l.quantita === undefined ? scale : u(l.quantita);
  return (price * quantity) / scale;
};

const checkBody = (b: FatturaPaBody, options: SdiCheckOptions, add: (e: SdiCheckError) => void) => {
  const g = b.datiGeneraliDocumento;
  const lines = b.dettaglioLinee;
  const casse = g.datiCassaPrevidenziale;
  const riepilogo = b.datiRiepilogo;

  if (!/[0-9]/.test(g.numero))
    add({
      codice: '00425',
      descrizione: '2.1.1.4 <Numero> non contenente caratteri numerici',
      suggerimento: 'Il numero della fattura deve contenere almeno una cifra.',
    });
  if (options.today && g.data > options.today)
    add({
      codice: '00403',
      descrizione: '2.1.1.3 <Data> successiva alla data di ricezione',
      suggerimento: `La data della fattura (${g.data.split('-').reverse().join('-')}) è nel futuro: lo SDI accetta solo fatture datate fino a oggi. Correggi la data o inviala da quel giorno.`,
    });
  for (const c of b.datiFattureCollegate)
    if (c.data && g.data < c.data)
      add({
        codice: '00418',
        descrizione: '2.1.1.3 <Data> antecedente a 2.1.6.3 <Data>',
        suggerimento: 'La nota di credito non può avere una data precedente a quella della fattura che rettifica.',
      });
  if (!g.datiRitenuta.length && lines.some((l) => l.ritenuta === 'SI'))
    add({
      codice: '00411',
      descrizione:
        '2.1.1.5 <DatiRitenuta> non presente a fronte di almeno un blocco 2.2.1 <DettaglioLinee> con 2.2.1.13 <Ritenuta> uguale a SI',
      suggerimento: "Indica tipo, aliquota e causale della ritenuta d'acconto nel pannello Tassazione.",
    });
  if (!g.datiRitenuta.length && casse.some((c) => c.ritenuta === 'SI'))
    add({
      codice: '00415',
      descrizione: '2.1.1.5 <DatiRitenuta> non presente a fronte di 2.1.1.7.6 <Ritenuta> uguale a SI',
      suggerimento: "Indica i dati della ritenuta d'acconto oppure togli la ritenuta dalla cassa previdenziale.",
    });
  for (const r of g.datiRitenuta)
    if (!r.tipoRitenuta || !r.causalePagamento)
      add({
        codice: '00200',
        descrizione: '2.1.1.5 <DatiRitenuta>: <TipoRitenuta> e <CausalePagamento> obbligatori',
        suggerimento: "Scegli il tipo e la causale della ritenuta d'acconto nel pannello Tassazione.",
      });

  lines.forEach((l) => {
    const where = `riga ${l.numeroLinea}`;
    if (isZero(l.aliquotaIva) && !l.natura)
      add({
        codice: '00400',
        descrizione: `2.2.1.14 <Natura> non presente a fronte di 2.2.1.12 <AliquotaIVA> pari a zero (${where})`,
        suggerimento: `Alla ${where} scegli un codice IVA che indichi perché l'IVA non si applica (ad esempio esente art. 10).`,
      });
    if (!isZero(l.aliquotaIva) && l.natura)
      add({
        codice: '00401',
        descrizione: `2.2.1.14 <Natura> presente a fronte di 2.2.1.12 <AliquotaIVA> diversa da zero (${where})`,
        suggerimento: `Alla ${where} il codice IVA ha un'aliquota: togli la natura o scegli un codice senza IVA.`,
      });
    for (const s of l.scontoMaggiorazione)
      if (s.percentuale === undefined && s.importo === undefined)
        add({
          codice: '00438',
          descrizione: `2.2.1.10.2 <Percentuale> e 2.2.1.10.3 <Importo> non presenti a fronte di 2.2.1.10.1 <Tipo> valorizzato (${where})`,
          suggerimento: `Alla ${where} indica la percentuale dello sconto.`,
        });
    const expected = expectedLineTotal(l);
    const total = centsToUnits(unitsToCents(u(l.prezzoTotale)));
    if (absUnits(total - expected) > centUnits)
      add({
        codice: '00423',
        descrizione: `2.2.1.11 <PrezzoTotale> non calcolato secondo le regole definite nelle specifiche tecniche (${where}: ${unitsAsEuroText(total)} invece di ${unitsAsEuroText(expected)})`,
        suggerimento: `Alla ${where} il totale non è prezzo unitario × quantità meno lo sconto: reinserisci prezzo e quantità.`,
      });
  });

  casse.forEach((c) => {
    if (isZero(c.aliquotaIva) && !c.natura)
      add({
        codice: '00413',
        descrizione: '2.1.1.7.7 <Natura> non presente a fronte di 2.1.1.7.5 <AliquotaIVA> pari a zero',
        suggerimento: 'Il contributo della cassa previdenziale senza IVA deve indicare la natura, come le righe.',
      });
    if (!isZero(c.aliquotaIva) && c.natura)
      add({
        codice: '00414',
        descrizione: '2.1.1.7.7 <Natura> presente a fronte di 2.1.1.7.5 <Aliquota IVA> diversa da zero',
        suggerimento: "Il contributo della cassa previdenziale ha l'IVA: non deve indicare la natura.",
      });
  });

  riepilogo.forEach((r) => {
    const where = r.natura ? `riepilogo ${r.natura}` : `riepilogo IVA ${rateText(r.aliquotaIva)}`;
    if (isZero(r.aliquotaIva) && !r.natura)
      add({
        codice: '00429',
        descrizione: `2.2.2.2 <Natura> non presente a fronte di 2.2.2.1 <AliquotaIVA> pari a zero (${where})`,
        suggerimento: "Ogni importo senza IVA deve indicare la natura dell'operazione.",
      });
    if (!isZero(r.aliquotaIva) && r.natura)
      add({
        codice: '00430',
        descrizione: `2.2.2.2 <Natura> presente a fronte di 2.2.2.1 <AliquotaIVA> diversa da zero (${where})`,
        suggerimento: "Un importo con IVA non deve indicare la natura dell'operazione.",
      });
    if (r.esigibilitaIva === 'S' && r.natura?.startsWith('N6'))
      add({
        codice: '00420',
        descrizione: `2.2.2.2 <Natura> con valore di tipo N6 (inversione contabile) a fronte di 2.2.2.7 <EsigibilitaIVA> uguale a S (scissione pagamenti) (${where})`,
        suggerimento: 'Scissione dei pagamenti e inversione contabile non vanno insieme: scegli un solo codice IVA.',
      });
    const expectedTax = centsToUnits(unitsToCents((u(r.imponibileImporto) * u(r.aliquotaIva)) / (100n * scale)));
    if (absUnits(u(r.imposta) - expectedTax) > centUnits)
      add({
        codice: '00421',
        descrizione: `2.2.2.6 <Imposta> non calcolato secondo le regole definite nelle specifiche tecniche (${where}: ${unitsAsEuroText(u(r.imposta))} invece di ${unitsAsEuroText(expectedTax)})`,
        suggerimento: "L'IVA del riepilogo deve essere l'imponibile per l'aliquota: ricalcola i totali.",
      });
  });

  // 00422: per rate, the summary's taxable amount is the lines' totals plus the fund plus the rounding, ± 1 euro
  const byRate = new Map<bigint, { summary: bigint; computed: bigint }>();
  const at = (rate: string) => {
    const key = u(rate);
    let entry = byRate.get(key);
    if (!entry) {
      entry = { summary: 0n, computed: 0n };
      byRate.set(key, entry);
    }
    return entry;
  };
  for (const r of riepilogo) {
    const e = at(r.aliquotaIva);
    e.summary += u(r.imponibileImporto);
    e.computed += u(r.arrotondamento);
  }
  for (const l of lines) at(l.aliquotaIva).computed += u(l.prezzoTotale);
  for (const c of casse) at(c.aliquotaIva).computed += u(c.importoContributoCassa);
  for (const [rate, e] of byRate)
    if (absUnits(e.summary - e.computed) > euroUnits)
      add({
        codice: '00422',
        descrizione: `2.2.2.5 <ImponibileImporto> non calcolato secondo le regole definite nelle specifiche tecniche (aliquota ${unitsAsEuroText(rate).replace(/,00$/, '')}%: ${unitsAsEuroText(e.summary)} invece di ${unitsAsEuroText(e.computed)})`,
        suggerimento: "L'imponibile del riepilogo deve essere la somma delle righe e della cassa con quella aliquota.",
      });

  const summaryRates = new Set(riepilogo.map((r) => u(r.aliquotaIva)));
  const usedRates = new Set([...lines.map((l) => u(l.aliquotaIva)), ...casse.map((c) => u(c.aliquotaIva))]);
  if (riepilogo.length < usedRates.size)
    add({
      codice: '00419',
      descrizione:
        '2.2.2 <DatiRiepilogo> non presente in corrispondenza di almeno un valore di 2.1.1.7.5 <AliquotaIVA> o 2.2.1.12 <AliquotaIVA>',
      suggerimento: 'Ogni aliquota usata nelle righe o nella cassa deve avere il suo riepilogo.',
    });
  for (const rate of usedRates)
    if (!summaryRates.has(rate))
      add({
        codice: '00443',
        descrizione: `Non c'è corrispondenza tra i valori indicati nell'elemento 2.2.1.12 <AliquotaIVA> o 2.1.1.7.5 <AliquotaIVA> e quelli dell'elemento 2.2.2.1 <AliquotaIVA> (${unitsAsEuroText(rate).replace(/,00$/, '')}%)`,
        suggerimento: 'Ogni aliquota usata nelle righe o nella cassa deve avere il suo riepilogo.',
      });
  const summaryNature = new Set(riepilogo.map((r) => r.natura).filter(Boolean));
  const usedNature = new Set([...lines.map((l) => l.natura), ...casse.map((c) => c.natura)].filter(Boolean));
  for (const n of usedNature)
    if (!summaryNature.has(n))
      add({
        codice: '00444',
        descrizione: `Non c'è corrispondenza tra i valori indicati nell'elemento 2.2.1.14 <Natura> o 2.1.1.7.7 <Natura> e quelli dell'elemento 2.2.2.2 <Natura> (${n})`,
        suggerimento: 'Ogni natura usata nelle righe o nella cassa deve avere il suo riepilogo.',
      });
  const allNature = [...usedNature, ...summaryNature] as string[];
  for (const n of new Set(allNature.filter((n) => genericNature.has(n))))
    add({
      codice: '00445',
      descrizione: `Non è più ammesso il valore generico ${n} come codice natura dell'operazione`,
      suggerimento: `Il codice IVA con natura ${n} è deprecato: scegli il codice specifico (ad esempio ${n}.2 o ${n === 'N6' ? 'N6.9' : `${n}.6`}).`,
    });
  const rates = [
    ...lines.map((l) => l.aliquotaIva),
    ...casse.map((c) => c.aliquotaIva),
    ...riepilogo.map((r) => r.aliquotaIva),
  ];
  if (rates.some((r) => !isZero(r) && u(r) < scale))
    add({
      codice: '00424',
      descrizione:
        '2.2.1.12 <AliquotaIVA> o 2.2.2.1 <AliquotaIVA> o 2.1.1.7.5 <AliquotaIVA> non indicata in termini percentuali',
      suggerimento: "L'aliquota IVA va scritta in percentuale (22.00, non 0.22).",
    });

  // the stamp duty (DPR 642/1972, tariffa art. 13): 2 € on documents whose amounts without VAT pass 77.47 €
  const withoutVat = riepilogo
    .filter((r) => isZero(r.aliquotaIva) && !(r.natura && natureWithoutStampDuty.test(r.natura)))
    .reduce((s, r) => s + u(r.imponibileImporto), 0n);
  if (withoutVat > stampDutyThresholdUnits && !g.datiBollo)
    add({
      codice: 'BOLLO',
      descrizione: `2.1.1.6 <DatiBollo> non presente: gli importi senza IVA (${unitsAsEuroText(withoutVat)} €) superano 77,47 €`,
      suggerimento: "Sulla fattura è dovuta l'imposta di bollo di 2 €, assolta in modo virtuale.",
    });
  if (!lines.length)
    add({
      codice: '00200',
      descrizione: '2.2.1 <DettaglioLinee> obbligatorio',
      suggerimento: 'Aggiungi almeno un trattamento.',
    });
  for (const o of b.datiOrdineAcquisto)
    if (!o.idDocumento)
      add({
        codice: '00200',
        descrizione: '2.1.2.2 <IdDocumento> obbligatorio in 2.1.2 <DatiOrdineAcquisto>',
        suggerimento:
          "Con il CIG o il codice commessa indica anche il numero dell'ordine d'acquisto (o della determina) della pubblica amministrazione.",
      });
};

/** @returns every rule of the SDI the file breaks; empty when the SDI will accept its content. */
export const checkSdiRules = (f: FatturaPa, options: SdiCheckOptions = {}): SdiCheckError[] => {
  const errors: SdiCheckError[] = [];
  const add = (e: SdiCheckError) => errors.push(e);
  const t = f.datiTrasmissione;
  const cedente = f.cedentePrestatore;
  const cessionario = f.cessionarioCommittente;

  if (!cedente.idFiscaleIva.idCodice)
    add({
      codice: '00200',
      descrizione: '1.2.1.1 <IdFiscaleIVA> del cedente/prestatore obbligatorio',
      suggerimento: 'Inserisci la partita IVA dello studio in Impostazioni › Studio.',
    });
  else if (cedente.idFiscaleIva.idPaese === 'IT' && !isValidPartitaIva(cedente.idFiscaleIva.idCodice))
    add({
      codice: '00301',
      descrizione: '1.2.1.1.2 <IdCodice> non valido',
      suggerimento: 'La partita IVA dello studio non è valida: controllala in Impostazioni › Studio.',
    });
  if (!cedente.regimeFiscale)
    add({
      codice: '00200',
      descrizione: '1.2.1.8 <RegimeFiscale> obbligatorio',
      suggerimento: 'Scegli il regime fiscale dello studio in Impostazioni › Fatturazione.',
    });
  const sedeComplete = (s: FatturaPa['cedentePrestatore']['sede']) =>
    Boolean(s.indirizzo && s.cap && s.comune && s.nazione) && (s.nazione !== 'IT' || /^[0-9]{5}$/.test(s.cap));
  if (!sedeComplete(cedente.sede))
    add({
      codice: '00200',
      descrizione: '1.2.2 <Sede> del cedente/prestatore incompleta (indirizzo, CAP, comune, nazione)',
      suggerimento: "Completa l'indirizzo dello studio in Impostazioni › Studio.",
    });
  if (!sedeComplete(cessionario.sede))
    add({
      codice: '00200',
      descrizione: '1.4.2 <Sede> del cessionario/committente incompleta (indirizzo, CAP, comune, nazione)',
      suggerimento: "Completa l'indirizzo di residenza del cliente nella sua anagrafica.",
    });
  const a = cessionario.anagrafica;
  if (!a.denominazione && !(a.nome && a.cognome))
    add({
      codice: '00200',
      descrizione: '1.4.1.3 <Anagrafica> del cessionario/committente incompleta',
      suggerimento: 'Inserisci nome e cognome, o la ragione sociale, del cliente.',
    });
  if (!cessionario.idFiscaleIva && !cessionario.codiceFiscale)
    add({
      codice: '00417',
      descrizione:
        '1.4.1.1 <IdFiscaleIVA> e 1.4.1.2 <CodiceFiscale> non valorizzati (almeno uno dei due deve essere valorizzato)',
      suggerimento: 'Inserisci il codice fiscale o la partita IVA del cliente nella sua anagrafica.',
    });
  if (cessionario.idFiscaleIva?.idPaese === 'IT' && !isValidPartitaIva(cessionario.idFiscaleIva.idCodice))
    add({
      codice: '00305',
      descrizione: '1.4.1.1.2 <IdCodice> non valido',
      suggerimento: 'La partita IVA del cliente non è valida: controllala nella sua anagrafica.',
    });
  const cf = cessionario.codiceFiscale;
  if (cf && !(cf.length === 16 ? isValidPersonalCodiceFiscale(cf) : isValidPartitaIva(cf)))
    add({
      codice: '00306',
      descrizione: '1.4.1.2 <CodiceFiscale> non valido',
      suggerimento: 'Il codice fiscale del cliente non è valido: controllalo nella sua anagrafica.',
    });
  if (cedente.idFiscaleIva.idPaese !== 'IT' && cessionario.idFiscaleIva && cessionario.idFiscaleIva.idPaese !== 'IT')
    add({
      codice: '00476',
      descrizione:
        'Gli elementi 1.2.1.1.1 <IdPaese> e 1.4.1.1.1 <IdPaese> non possono essere entrambi valorizzati con codice diverso da IT',
      suggerimento: 'Una fattura elettronica deve avere un cedente o un cessionario italiano.',
    });
  const code = t.codiceDestinatario;
  if (!code)
    add({
      codice: '00200',
      descrizione: '1.1.4 <CodiceDestinatario> obbligatorio',
      suggerimento: "Per una pubblica amministrazione indica il codice univoco dell'ufficio (6 caratteri, dall'IPA).",
    });
  else if (
    (t.formatoTrasmissione === 'FPA12' && code.length !== 6) ||
    (t.formatoTrasmissione === 'FPR12' && code.length !== 7)
  )
    add({
      codice: '00427',
      descrizione: `1.1.4 <CodiceDestinatario> di ${code.length} caratteri non ammesso a fronte di 1.1.3 <FormatoTrasmissione> con valore ${t.formatoTrasmissione}`,
      suggerimento:
        "Il codice univoco di una pubblica amministrazione ha 6 caratteri (formato FPA12); quello di privati e aziende 7 (FPR12): correggi il codice destinatario o il formato in 'Altro'.",
    });
  if (t.formatoTrasmissione !== f.versione)
    add({
      codice: '00428',
      descrizione: '1.1.3 <FormatoTrasmissione> non coerente con il valore dell’attributo VERSION',
      suggerimento: 'Il formato di trasmissione deve essere quello della versione del file.',
    });
  for (const b of f.bodies) checkBody(b, options, add);
  return errors;
};

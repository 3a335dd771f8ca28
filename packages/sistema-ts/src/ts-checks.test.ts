import { describe, expect, it } from 'vitest';
import { spesaSanitariaOf } from './from-fattura.ts';
import { type DocumentoSpesa, idSpesaKey, type Precompilata, type TipoSpesa, type VoceSpesa } from './model.ts';
import { cfProprietario, documentoDiProva, pIvaStudio, spesaCases } from './testing.ts';
import { checkSpeseSanitarie, type TsCheckOptions } from './ts-checks.ts';

const today = '2026-11-25';
const threeRecords = (): Precompilata => ({
  proprietario: { cfProprietario },
  documentiSpesa: [documentoDiProva(1), documentoDiProva(2), documentoDiProva(3)],
});
const voce = (d: DocumentoSpesa, k = 0) => d.voci[k] as VoceSpesa;

/** The codes found after the test changes the middle record of a valid file; each must be on that record only. */
const codesAfter = (change: (d: DocumentoSpesa) => void, options: Partial<TsCheckOptions> = {}): string[] => {
  const file = threeRecords();
  expect(checkSpeseSanitarie(file, { today, ...options })).toEqual([]);
  change(file.documentiSpesa[1] as DocumentoSpesa);
  const errors = checkSpeseSanitarie(file, { today, ...options });
  expect(errors.map((e) => e.documento)).toEqual(errors.map(() => 1));
  return errors.map((e) => e.codice);
};

describe('each check fires on the record that breaks it', () => {
  const cases: [string, string, (d: DocumentoSpesa) => void][] = [
    [
      'PIVA',
      'a partita IVA with a wrong check digit',
      (d) => {
        d.idSpesa.pIva = '03456780373';
      },
    ],
    [
      'NUM_DOCUMENTO',
      'a document number longer than 20 characters',
      (d) => {
        d.idSpesa.numDocumentoFiscale.numDocumento = '123456/SEZIONALE-LUNGO/2026';
      },
    ],
    [
      'NUM_DOCUMENTO',
      'a document number with a space',
      (d) => {
        d.idSpesa.numDocumentoFiscale.numDocumento = '12 A/2026';
      },
    ],
    [
      'DISPOSITIVO',
      'a till number of 0',
      (d) => {
        d.idSpesa.numDocumentoFiscale.dispositivo = 0;
      },
    ],
    [
      'DATA_EMISSIONE',
      'a document dated before 2014',
      (d) => {
        d.idSpesa.dataEmissione = '2013-12-31';
      },
    ],
    [
      'DATA_EMISSIONE',
      'a date that does not exist',
      (d) => {
        d.idSpesa.dataEmissione = '2026-02-30';
      },
    ],
    [
      'DATA_PAGAMENTO',
      'an unpaid document (no payment date)',
      (d) => {
        d.dataPagamento = '';
      },
    ],
    [
      'PAGAMENTO_ANTICIPATO',
      'a payment before the document without the advance-payment flag',
      (d) => {
        d.dataPagamento = '2026-11-19';
      },
    ],
    [
      'PAGAMENTO_ANTICIPATO',
      'the advance-payment flag on a payment after the document',
      (d) => {
        d.flagPagamentoAnticipato = true;
      },
    ],
    [
      'OPPOSIZIONE',
      'a citizen code sent although the patient opposes',
      (d) => {
        d.flagOpposizione = '1';
      },
    ],
    [
      'CF_CITTADINO',
      'no citizen code and no opposition',
      (d) => {
        d.cfCittadino = null;
      },
    ],
    [
      'S011',
      'a citizen code with a wrong check character',
      (d) => {
        d.cfCittadino = 'RSSMRC80A01A944X';
      },
    ],
    [
      'PAGAMENTO_TRACCIATO',
      'a health service without pagamentoTracciato',
      (d) => {
        delete d.pagamentoTracciato;
      },
    ],
    [
      'TIPO_DOCUMENTO',
      'no tipoDocumento',
      (d) => {
        delete d.tipoDocumento;
      },
    ],
    [
      'VOCE_SPESA',
      'a record without voci',
      (d) => {
        d.voci = [];
      },
    ],
    [
      'TIPO_SPESA',
      'an unknown expense type',
      (d) => {
        voce(d).tipoSpesa = 'XX' as TipoSpesa;
      },
    ],
    [
      'FLAG_TIPO_SPESA',
      'the emergency-room flag on a health service',
      (d) => {
        voce(d).flagTipoSpesa = '1';
      },
    ],
    [
      'IMPORTO',
      'an amount of zero',
      (d) => {
        voce(d).importoCents = 0;
      },
    ],
    [
      'IMPORTO',
      'an amount above 99,999.99 €',
      (d) => {
        voce(d).importoCents = 10_000_000;
      },
    ],
    [
      'IVA',
      'neither rate nor natura',
      (d) => {
        voce(d).naturaIva = null;
      },
    ],
    [
      'IVA',
      'both rate and natura',
      (d) => {
        voce(d).aliquotaIva = 22;
      },
    ],
    [
      'ALIQUOTA_IVA',
      'a zero rate instead of a natura',
      (d) => {
        voce(d).naturaIva = null;
        voce(d).aliquotaIva = 0;
      },
    ],
    [
      'NATURA_IVA',
      'an unknown natura',
      (d) => {
        voce(d).naturaIva = 'N8';
      },
    ],
    [
      'NATURA_IVA',
      'a sub-code of natura on a documento commerciale',
      (d) => {
        d.tipoDocumento = 'D';
        voce(d).naturaIva = 'N2.2';
      },
    ],
    [
      'RIMBORSO',
      'a rimborso without the refunded document',
      (d) => {
        d.flagOperazione = 'R';
        d.dataPagamento = d.idSpesa.dataEmissione;
      },
    ],
    [
      'RIMBORSO',
      'a refunded document in an inserimento',
      (d) => {
        d.idRimborso = { ...d.idSpesa, dataEmissione: '2026-11-01' };
      },
    ],
    [
      'FLAG_OPERAZIONE',
      'an unknown operation',
      (d) => {
        d.flagOperazione = 'X' as DocumentoSpesa['flagOperazione'];
      },
    ],
  ];
  for (const [code, name, change] of cases)
    it(`${code}: ${name}`, () => {
      expect(codesAfter(change)).toContain(code);
    });

  it('every error says which document and what to do, in Italian', () => {
    const file = threeRecords();
    (file.documentiSpesa[1] as DocumentoSpesa).cfCittadino = 'RSSMRC80A01A944X';
    expect(checkSpeseSanitarie(file, { today })).toEqual([
      {
        codice: 'S011',
        descrizione:
          'IL CF DEL CITTADINO RISULTA FORMALMENTE ERRATO: "RSSMRC80A01A944X" (documento n. 2/2026 del 20-11-2026)',
        suggerimento:
          'Correggi il codice fiscale del paziente nella sua anagrafica, copiandolo dalla tessera sanitaria.',
        documento: 1,
      },
    ]);
  });

  it('medicines and devices alone need no pagamentoTracciato', () => {
    expect(
      codesAfter((d) => {
        delete d.pagamentoTracciato;
        voce(d).tipoSpesa = 'AD';
        voce(d).naturaIva = null;
        voce(d).aliquotaIva = 4;
      }),
    ).toEqual([]);
  });
});

describe('dates and years', () => {
  it('a document or a payment in the future', () => {
    expect(codesAfter((d) => (d.idSpesa.dataEmissione = '2026-11-26'))).toContain('DATA_EMISSIONE');
    expect(codesAfter((d) => (d.dataPagamento = '2026-11-26'))).toContain('DATA_PAGAMENTO');
  });

  it('a rimborso paid on a day other than its own date', () => {
    const file = threeRecords();
    file.documentiSpesa[1] = {
      ...documentoDiProva(2, { flagOperazione: 'R', dataPagamento: '2026-11-21' }),
      idRimborso: { ...documentoDiProva(9).idSpesa, dataEmissione: '2026-11-02' },
    };
    expect(checkSpeseSanitarie(file, { today }).map((e) => [e.codice, e.documento])).toEqual([['DATA_PAGAMENTO', 1]]);
  });

  it('last year’s payments until 31 January, not after', () => {
    const lastYear = (d: DocumentoSpesa) => {
      d.idSpesa.dataEmissione = '2025-12-20';
      d.dataPagamento = '2025-12-22';
    };
    const file = threeRecords();
    for (const d of file.documentiSpesa) {
      d.idSpesa.dataEmissione = '2026-01-10';
      d.dataPagamento = '2026-01-12';
    }
    lastYear(file.documentiSpesa[1] as DocumentoSpesa);
    expect(checkSpeseSanitarie(file, { today: '2026-01-31' })).toEqual([]);
    const late = checkSpeseSanitarie(file, { today: '2026-02-01' });
    expect(late.map((e) => [e.codice, e.documento])).toEqual([['ANNO_CHIUSO', 1]]);
    expect(late[0]?.suggerimento).toBe(
      'Le spese del 2025 non si possono più comunicare al Sistema TS: il paziente le indica nella propria dichiarazione.',
    );
    // a later deadline (31 January on a Saturday moves to Monday 2 February)
    expect(checkSpeseSanitarie(file, { today: '2026-02-02', scadenzaAnnoPrecedente: '2026-02-02' })).toEqual([]);
  });
});

describe('what was sent before', () => {
  const sent = new Set([idSpesaKey(documentoDiProva(2).idSpesa)]);

  it('a variazione or a cancellazione of a document the Sistema TS does not have', () => {
    expect(codesAfter((d) => (d.flagOperazione = 'V'), { inviati: new Set() })).toEqual(['NON_INVIATO']);
    expect(codesAfter((d) => (d.flagOperazione = 'C'), { inviati: new Set() })).toEqual(['NON_INVIATO']);
  });

  it('an inserimento of a document it already has', () => {
    const file = threeRecords();
    const errors = checkSpeseSanitarie(file, { today, inviati: sent });
    expect(errors.map((e) => [e.codice, e.documento])).toEqual([['GIA_INVIATO', 1]]);
  });

  it('a rimborso must refer to a document it has', () => {
    const c = spesaCases().notaDiCredito;
    const rimborso = spesaSanitariaOf(c.fattura);
    const file: Precompilata = { proprietario: { cfProprietario }, documentiSpesa: [rimborso] };
    const original = rimborso.idRimborso;
    if (!original) throw new Error('no idRimborso');
    expect(checkSpeseSanitarie(file, { today, inviati: new Set([idSpesaKey(original)]) })).toEqual([]);
    const unknown = checkSpeseSanitarie(file, { today, inviati: new Set() });
    expect(unknown.map((e) => e.codice)).toEqual(['RIMBORSO']);
    expect(unknown[0]?.descrizione).toBe(
      'Il documento rimborsato n. 21/2026 del 20-11-2026 non risulta al Sistema TS (documento n. 3/2026 del 23-11-2026)',
    );
  });

  it('a rimborso of a later document, or of itself', () => {
    const r = (idRimborso: DocumentoSpesa['idSpesa']) =>
      documentoDiProva(5, { flagOperazione: 'R', dataPagamento: '2026-11-20', idRimborso });
    const later = { ...documentoDiProva(1).idSpesa, dataEmissione: '2026-11-22' };
    for (const d of [r(later), r(documentoDiProva(5).idSpesa)]) {
      const errors = checkSpeseSanitarie({ proprietario: { cfProprietario }, documentiSpesa: [d] }, { today });
      expect(errors.map((e) => e.codice)).toEqual(['RIMBORSO']);
    }
  });
});

describe('the file as a whole', () => {
  it('the owner’s fiscal code', () => {
    const file = threeRecords();
    file.proprietario.cfProprietario = 'FRRGLI85M41A944X';
    expect(checkSpeseSanitarie(file, { today }).map((e) => [e.codice, e.documento])).toEqual([
      ['CF_PROPRIETARIO', null],
    ]);
    file.proprietario.cfProprietario = pIvaStudio;
    expect(checkSpeseSanitarie(file, { today })).toEqual([]);
  });

  it('a structure gives region, ASL and structure codes together', () => {
    const file = threeRecords();
    file.proprietario = { ...file.proprietario, codiceRegione: '080', codiceAsl: '105' };
    expect(checkSpeseSanitarie(file, { today }).map((e) => e.codice)).toEqual(['PROPRIETARIO']);
    file.proprietario.codiceSSA = '123456';
    expect(checkSpeseSanitarie(file, { today })).toEqual([]);
  });

  it('the same document twice in one file', () => {
    const file = threeRecords();
    file.documentiSpesa.push(documentoDiProva(2, { flagOperazione: 'V' }));
    expect(checkSpeseSanitarie(file, { today }).map((e) => [e.codice, e.documento])).toEqual([['DUPLICATO', 3]]);
  });

  it('an empty file', () => {
    expect(checkSpeseSanitarie({ proprietario: { cfProprietario }, documentiSpesa: [] }, { today })).toMatchObject([
      { codice: 'FILE_VUOTO', documento: null },
    ]);
  });
});

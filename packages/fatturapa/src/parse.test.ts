import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FatturaPaParseError, maxFatturaPaBytes, parseFatturaPaXml } from './parse.ts';
import { receivedDocumentsOf } from './received.ts';
import { fixturesDir } from './testing.ts';

const example = (name: string) => readFileSync(path.join(fixturesDir, 'examples', name));
const codes = (xml: Buffer | string) =>
  receivedDocumentsOf(parseFatturaPaXml(xml)).map((d) => d.avvisi.map((a) => a.codice));

describe('official FatturaPA examples, imported as received', () => {
  it('reads every example of the official set', () => {
    const files = readdirSync(path.join(fixturesDir, 'examples')).filter((f) => f.endsWith('.xml'));
    expect(files).toHaveLength(6);
    for (const f of files) expect(receivedDocumentsOf(parseFatturaPaXml(example(f))).length).toBeGreaterThan(0);
  });

  it('FPA01: supplier, number, date, totals and due date of a single invoice to a public body', () => {
    expect(receivedDocumentsOf(parseFatturaPaXml(example('IT01234567890_FPA01.xml')))).toEqual([
      expect.objectContaining({
        fornitore: { nome: 'ALPHA SRL', partitaIva: 'IT01234567890', codiceFiscale: null },
        tipoDocumento: 'TD01',
        numero: '123',
        data: '2017-01-18',
        imponibileCents: 500,
        ivaCents: 110,
        totaleCents: 610,
        dataScadenza: '2017-02-18',
      }),
    ]);
  });

  it('FPA03 and FPR03: a batch gives one cost document per invoice', () => {
    const docs = receivedDocumentsOf(parseFatturaPaXml(example('IT01234567890_FPR03.xml')));
    expect(docs.map((d) => [d.numero, d.data, d.imponibileCents, d.ivaCents, d.totaleCents])).toEqual([
      ['123', '2014-12-18', 2700, 595, 3295],
      ['456', '2014-12-20', 200000, 44000, 244000],
    ]);
    expect(
      receivedDocumentsOf(parseFatturaPaXml(example('IT01234567890_FPA03.xml'))).map((d) => d.totaleCents),
    ).toEqual([3050, 244000]);
  });

  it('FPR02 (1.2.2 edition) breaks the SDI arithmetic: imported with its figures and the 00422 warning', () => {
    const [doc] = receivedDocumentsOf(parseFatturaPaXml(example('IT01234567890_FPR02.xml')));
    expect(doc).toMatchObject({ imponibileCents: 2700, ivaCents: 595 });
    expect(doc?.avvisi.find((a) => a.codice === '00422')?.descrizione).toContain('27,00 invece di 25,00');
    // the earlier edition of the same example adds up
    expect(codes(example('variants/IT01234567890_FPR02.from-v1.2.1-set.xml'))[0]).not.toContain('00422');
  });

  it('warns only about the document that is wrong in a batch', () => {
    expect(codes(example('IT01234567890_FPR03.xml')).map((c) => c.includes('00422'))).toEqual([true, false]);
  });

  it('warns that the placeholder partita IVA of the examples has a wrong check digit', () => {
    expect(codes(example('IT01234567890_FPR01.xml'))[0]).toContain('00301');
  });
});

describe('hostile or wrong files are refused with an Italian message', () => {
  const refused = (xml: string | Uint8Array) => {
    try {
      parseFatturaPaXml(xml);
    } catch (e) {
      expect(e).toBeInstanceOf(FatturaPaParseError);
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  const valid = example('IT01234567890_FPR01.xml').toString('utf8');

  it('an external entity (XXE)', () => {
    const xxe = valid.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    expect(refused(xxe.replace('ALPHA SRL', '&xxe;'))).toContain('DOCTYPE');
  });

  it('entity expansion (billion laughs)', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>`;
    expect(refused(lol)).toContain('DOCTYPE');
  });

  it('a file that is not well formed', () => {
    expect(refused(valid.replace('</CedentePrestatore>', ''))).toMatch(/non è un XML valido \(riga \d+\)/);
  });

  it('the wrong namespace, or none', () => {
    expect(
      refused(valid.replace('http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2', 'urn:altro')),
    ).toContain('spazio dei nomi');
    expect(refused('<FatturaElettronica versione="FPR12"><FatturaElettronicaBody/></FatturaElettronica>')).toContain(
      'trovato: nessuno',
    );
  });

  it('another kind of document', () => {
    expect(refused('<?xml version="1.0"?><RicevutaConsegna/>')).toContain('non è una fattura elettronica');
  });

  it('an unknown version', () => {
    expect(refused(valid.replace('versione="FPR12"', 'versione="FSM10"'))).toContain('FSM10');
  });

  it('more than 5 MB', () => {
    expect(refused(new Uint8Array(maxFatturaPaBytes + 1))).toContain('5 MB');
  });
});

import { formatUiDate, isoDateToUi, uiDateToIso } from '@studiolo/domain/shared';
import {
  type OperazioneTs,
  operazioneTsLabels,
  statoInvioTsLabels,
  type TsTrasmissioni,
} from '@studiolo/domain/sistema-ts';
import { stringify } from 'csv-stringify/sync';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../shared/app-error.ts';
import { spreadsheetSafe } from '../../shared/spreadsheet.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { type ZipEntry, zipStream } from '../../shared/zip-stream.ts';
import { sistemaTsRepository as repo } from './sistema-ts.repository.ts';

/**
 * The files sent to the Sistema TS, as they left (issue 30 item 3): what the studio's accountant asks for. The XML is
 * the stored one, byte for byte: the citizens' fiscal codes in it are encrypted with the Sistema TS's certificate, as
 * sent, so a download reveals no more than the transmission did.
 */

/** sistema-ts_2026-11-27_<protocol or the file's id>.xml: sorts by date, names the protocol the Sistema TS gave. */
const fileNameOf = (l: { id: string; createdAt: Date; protocollo: string | null }) =>
  `sistema-ts_${uiDateToIso(formatUiDate(l.createdAt))}_${(l.protocollo ?? l.id.slice(0, 8)).replace(/[^A-Za-z0-9-]/g, '')}.xml`;

/** GET /sistema-ts/trasmissioni?anno=: the year's files, oldest first. */
export const trasmissioni = async (deps: AppDeps, ctx: StudioContext, anno: number): Promise<TsTrasmissioni> => ({
  anno,
  trasmissioni: (await repo.lottiOfYear(deps.db, ctx, anno)).map((l) => ({
    id: l.id,
    createdAt: l.createdAt.toISOString(),
    stato: l.stato,
    protocollo: l.protocollo,
    documenti: l.documenti,
    fileName: fileNameOf(l),
  })),
});

/** GET /sistema-ts/trasmissioni/:id/file: one file as sent. */
export const trasmissioneFile = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const lotto = await repo.lottoFile(deps.db, ctx, id);
  if (!lotto) throw notFound();
  return { fileName: fileNameOf(lotto), xml: lotto.xml };
};

const recordsCsv = (rows: Awaited<ReturnType<typeof repo.inviiOfYear>>) =>
  stringify(
    rows.map((r) => [
      spreadsheetSafe(r.numeroDocumento),
      isoDateToUi(r.dataEmissione),
      operazioneTsLabels[r.operazione as OperazioneTs] ?? r.operazione,
      statoInvioTsLabels[r.stato] ?? r.stato,
      spreadsheetSafe(
        r.errori.map((e) => `${String(e.codice ?? '')} ${String(e.descrizione ?? '')}`.trim()).join(' | '),
      ),
      formatUiDate(r.createdAt),
      spreadsheetSafe(r.protocollo ?? ''),
    ]),
    {
      // UTF-8 with BOM and semicolons: what Italian Excel opens as columns (as the other exports)
      bom: true,
      delimiter: ';',
      record_delimiter: 'windows',
      header: true,
      columns: ['Numero documento', 'Data emissione', 'Operazione', 'Esito', 'Errori', 'Inviato il', 'Protocollo'],
    },
  );

const readme = (anno: number, files: number, records: number) =>
  [
    `Studiolo: trasmissioni al Sistema Tessera Sanitaria, spese sanitarie ${anno}`,
    '',
    `- ${files} file XML, ciascuno come è stato inviato (sistema-ts_<data>_<protocollo>.xml). I codici fiscali dei`,
    '  cittadini sono cifrati con il certificato del Sistema TS, come nell’invio.',
    `- invii_${anno}.csv: i ${records} record dell’anno (inserimenti, variazioni, cancellazioni, rimborsi) con l’esito`,
    '  e il protocollo del file che li conteneva. Si apre con Excel o LibreOffice (UTF-8, separatore punto e virgola).',
    '',
  ].join('\r\n');

/** GET /sistema-ts/trasmissioni/archivio?anno=: the year's files and records in one ZIP, a file at a time. */
export const archivioAnno = async (deps: AppDeps, ctx: StudioContext, anno: number) => {
  const lotti = await repo.lottiOfYear(deps.db, ctx, anno);
  async function* entries(): AsyncGenerator<ZipEntry> {
    const records = await repo.inviiOfYear(deps.db, ctx, anno);
    yield { name: 'LEGGIMI.txt', data: readme(anno, lotti.length, records.length) };
    yield { name: `invii_${anno}.csv`, data: recordsCsv(records) };
    for (const l of lotti) {
      const file = await repo.lottoFile(deps.db, ctx, l.id);
      if (file) yield { name: fileNameOf(file), data: file.xml };
    }
  }
  return { count: lotti.length, fileName: `sistema-ts_${anno}.zip`, stream: zipStream(entries()) };
};

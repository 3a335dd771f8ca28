/** Test helper (not exported by the package): a minimal XLSX workbook as Excel writes one. */
import { strToU8, zipSync } from 'fflate';

export type XlsxCell = string | number | boolean | null | { f: string; v?: string; t?: string } | { inline: string };
/** A minimal workbook as Excel writes one: shared strings, numbers, inline strings, formulas with cached values. */
export const makeXlsx = (rows: XlsxCell[][], opts: { date1904?: boolean; extra?: Record<string, Uint8Array> } = {}) => {
  const shared: string[] = [];
  const col = (i: number) => String.fromCharCode(65 + i);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const sheetRows = rows
    .map((cells, r) => {
      const xmlCells = cells
        .map((c, i) => {
          const ref = `${col(i)}${r + 1}`;
          if (c === null) return '';
          if (typeof c === 'number') return `<c r="${ref}"><v>${c}</v></c>`;
          if (typeof c === 'boolean') return `<c r="${ref}" t="b"><v>${c ? 1 : 0}</v></c>`;
          if (typeof c === 'string') {
            shared.push(c);
            return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
          }
          if ('inline' in c)
            return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(c.inline)}</t></is></c>`;
          return `<c r="${ref}"${c.t ? ` t="${c.t}"` : ''}><f>${esc(c.f)}</f>${c.v !== undefined ? `<v>${esc(c.v)}</v>` : ''}</c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xmlCells}</row>`;
    })
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} ${rel}>${opts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets><sheet name="Pazienti" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
    'xl/sharedStrings.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><sst ${ns}>${shared.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
    ),
    ...opts.extra,
  });
};

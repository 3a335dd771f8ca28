import { type FormTemplateValues, formTemplateMessages as m } from '@studiolo/domain/forms';
import { can, formatUiDate, isoDateToUi, sanitizeFileName } from '@studiolo/domain/shared';
import { zipSync } from 'fflate';
import type { AppDeps } from '../../deps.ts';
import { forbidden, invalidField, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { formTemplatesRepository as repo } from './form-templates.repository.ts';
import { findReadableTemplate } from './form-templates.service.ts';

type Patient = NonNullable<Awaited<ReturnType<typeof repo.findPatient>>>;
type Studio = NonNullable<Awaited<ReturnType<typeof repo.findStudio>>>;
type Json = Record<string, unknown> | null;

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ') || null;

const patientName = (p: Patient) =>
  p.tipologiaPersona === 'GIURIDICA' ? str(p.ragioneSociale) : join(str(p.nome), str(p.cognome));

const studioName = (s: Studio) => str(s.ragioneSociale) ?? join(str(s.nome), str(s.cognome));

/** The token values of a patient (or none: the empty form) and of the studio. */
const valuesOf = (patient: Patient | null, studio: Studio, today: string): FormTemplateValues => {
  const residenza = studio.residenza as Json;
  const contatti = studio.contatti as Json;
  return {
    ...(patient && {
      'paziente.nomeCompleto': patientName(patient),
      'paziente.nome': patient.nome,
      'paziente.cognome': patient.cognome,
      'paziente.codiceFiscale': patient.codiceFiscale,
      'paziente.dataNascita': patient.dataNascita ? isoDateToUi(patient.dataNascita) : null,
      'paziente.comuneNascita': patient.comuneNascita,
      'paziente.provinciaNascita': patient.provinciaNascita,
      'paziente.indirizzo': patient.indirizzo,
      'paziente.cap': patient.cap,
      'paziente.comune': patient.comune,
      'paziente.provincia': patient.provincia,
      'paziente.cellulare': patient.cellulare,
      'paziente.email': patient.email,
    }),
    'studio.nome': studioName(studio),
    'studio.codiceFiscale': studio.codiceFiscale,
    'studio.partitaIva': studio.partitaIva,
    'studio.professione': studio.professione,
    'studio.iscrizioneAlbo': studio.iscrizioneAlbo,
    'studio.indirizzo': str(residenza?.indirizzo),
    'studio.cap': str(residenza?.cap),
    'studio.comune': str(residenza?.comune),
    'studio.provincia': str(residenza?.provincia),
    'studio.telefono': str(contatti?.telefono) ?? str(contatti?.cellulare),
    'studio.email': str(contatti?.email),
    'data.oggi': today,
  };
};

export type GeneratedFile = { bytes: Buffer; fileName: string; contentType: 'application/pdf' | 'application/zip' };

/**
 * What a document printed for a patient says of the studio and of the patient: the form-template token values (the
 * one place they are read and formatted), the studio's logo and today's date. Every printed document starts here.
 */
export const documentPartiesOf = async (deps: AppDeps, ctx: StudioContext, pazienteId: string | undefined) => {
  const patient = pazienteId ? await repo.findPatient(deps.db, ctx, pazienteId) : null;
  if (pazienteId && !patient) throw notFound();
  const studio = await repo.findStudio(deps.db, ctx);
  if (!studio) throw notFound();
  const logoKey = studio.logoAssetId ? await repo.findAssetKey(deps.db, ctx, studio.logoAssetId) : null;
  const logo = logoKey ? await deps.storage.get(logoKey) : null;
  const today = formatUiDate(deps.now());
  return { patient, values: valuesOf(patient, studio, today), logo, today };
};

/** One template filled and built as PDF: what a download answers, and what a signature request keeps and sends. */
export type RenderedFormTemplate = { templateId: string; title: string; fileName: string; bytes: Buffer };

/**
 * Fills the templates for a patient (today's date after "Letto, confermato e sottoscritto il") or empty (16 blanks),
 * each an A4 PDF built on the worker pool; audited (which template, for which patient).
 */
export const renderFormTemplatePdfs = async (
  deps: AppDeps,
  ctx: StudioContext,
  templateIds: string[],
  pazienteId: string | undefined,
): Promise<{ pdfs: RenderedFormTemplate[]; who: string | null }> => {
  // a patient's data in a document: the role must be allowed to read patients (a content manager is not)
  if (pazienteId && !can(ctx.role, 'patient:read')) throw forbidden();
  const ids = [...new Set(templateIds)];
  if (ids.length === 0) throw invalidField('templateIds', m.templatesRequired);
  const templates: Awaited<ReturnType<typeof findReadableTemplate>>[] = [];
  for (const id of ids) templates.push(await findReadableTemplate(deps, ctx, id));
  const { patient, values, logo, today } = await documentPartiesOf(deps, ctx, pazienteId);
  const who = patient ? patientName(patient) : null;
  const pdfs = await Promise.all(
    templates.map(async (tpl) => ({
      templateId: tpl.id,
      title: tpl.title,
      fileName: sanitizeFileName(`${tpl.title}${who ? ` - ${who}` : ''}.pdf`),
      // the template as stored and its values: the worker fills the tokens in its cached parse of the template
      bytes: await deps.pdfs.renderFormTemplate({
        title: tpl.title,
        html: tpl.content,
        values,
        date: patient ? today : null,
        logo,
      }),
    })),
  );

  // which templates were printed, and for which patient (a document carrying their data left the studio's system)
  await deps.db.transaction(async (tx) => {
    for (const tpl of templates)
      await recordAudit(tx, ctx, {
        action: patient ? 'form-template.generate-for-patient' : 'form-template.generate-empty',
        entityType: 'form-template',
        entityId: tpl.id,
      });
    if (pazienteId)
      await recordAudit(tx, ctx, { action: 'patient.form-generated', entityType: 'patient', entityId: pazienteId });
  });
  return { pdfs, who };
};

/** The PDF for one template, a ZIP of one PDF each for several. */
export const generateFormTemplates = async (
  deps: AppDeps,
  ctx: StudioContext,
  templateIds: string[],
  pazienteId: string | undefined,
): Promise<GeneratedFile> => {
  const { pdfs, who } = await renderFormTemplatePdfs(deps, ctx, templateIds, pazienteId);
  const [single] = pdfs;
  if (pdfs.length === 1 && single) return { ...single, contentType: 'application/pdf' };
  const entries: Record<string, Uint8Array> = {};
  for (const pdf of pdfs) {
    let name = pdf.fileName;
    for (let n = 2; name in entries; n++) name = pdf.fileName.replace(/\.pdf$/, ` (${n}).pdf`);
    entries[name] = pdf.bytes;
  }
  return {
    bytes: Buffer.from(zipSync(entries, { level: 0 })), // PDFs are compressed already
    fileName: sanitizeFileName(`moduli${who ? ` - ${who}` : ''}.zip`),
    contentType: 'application/zip',
  };
};

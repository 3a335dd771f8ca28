import {
  homeCountry,
  isValidForFattura,
  mayLackCodiceFiscale,
  normalizeSearchText,
  type Patient,
  type PatientData,
  type PatientPage,
  type PatientState,
  patientDisplayName,
  patientMessages,
  type patientSearchQuerySchema,
  patientSearchText,
  personalCodiceFiscaleMessage,
} from '@studiolo/domain/patients';
import { isoDateToUi, uiDateToIso } from '@studiolo/domain/shared';
import type { z } from 'zod';
import { studioVersions } from '../../db/studio-versions.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import { pgErrorCodes, pgErrorOf } from '../../shared/pg-errors.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { changedFieldNames, recordAudit } from '../audit/audit.repository.ts';
import { signatureRepository } from '../signature/signature.repository.ts';
import { type PatientColumns, type PatientRow, patientsRepository as repo } from './patients.repository.ts';

type SearchQuery = z.output<typeof patientSearchQuerySchema>;

/** A stored row as the API answers it (spec part 1 §3). */
export const toPatient = (row: PatientRow): Patient => {
  const datiGenerali = {
    tipologiaPersona: row.tipologiaPersona,
    nome: row.nome,
    cognome: row.cognome,
    ragioneSociale: row.ragioneSociale,
    nomeCompleto: '',
    sesso: row.sesso,
    codiceFiscale: row.codiceFiscale,
    partitaIva: row.partitaIva,
    codiceDestinatario: row.codiceDestinatario,
    dataNascita: row.dataNascita ? isoDateToUi(row.dataNascita) : null,
    comuneNascita: row.comuneNascita,
    provinciaNascita: row.provinciaNascita,
    nazionalita: row.nazionalita,
    isPubblicaAmministrazione: row.isPubblicaAmministrazione,
    note: row.note,
  };
  datiGenerali.nomeCompleto = patientDisplayName(datiGenerali);
  const residenza = { indirizzo: row.indirizzo, cap: row.cap, comune: row.comune, provincia: row.provincia };
  return {
    id: row.id,
    studioId: row.studioId,
    state: row.state,
    tags: row.tags,
    datiGenerali,
    contatti: { cellulare: row.cellulare, telefono: row.telefono, email: row.email, pec: row.pec },
    residenza,
    datiSanitari: {
      numeroTesseraSanitaria: row.numeroTesseraSanitaria,
      documentoIdentita: row.documentoIdentita,
      trasmissioneSistemaSanitario: row.trasmissioneSistemaSanitario,
    },
    source: row.source ?? null,
    remindersOptOut: row.remindersOptOut,
    validForFattura: isValidForFattura({ datiGenerali, residenza }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** The columns the app writes for a patient (also used by the benchmark's bulk load). */
export const toColumns = (p: PatientData): PatientColumns => {
  const g = p.datiGenerali;
  return {
    state: p.state,
    tags: p.tags,
    tipologiaPersona: g.tipologiaPersona,
    nome: g.nome,
    cognome: g.cognome,
    ragioneSociale: g.ragioneSociale,
    sesso: g.sesso,
    codiceFiscale: g.codiceFiscale,
    partitaIva: g.partitaIva,
    codiceDestinatario: g.codiceDestinatario,
    dataNascita: g.dataNascita ? uiDateToIso(g.dataNascita) : null,
    comuneNascita: g.comuneNascita,
    provinciaNascita: g.provinciaNascita,
    nazionalita: g.nazionalita,
    isPubblicaAmministrazione: g.isPubblicaAmministrazione,
    note: g.note,
    ...p.contatti,
    ...p.residenza,
    ...p.datiSanitari,
    searchText: patientSearchText(p),
    sortName: normalizeSearchText(patientDisplayName(g)),
  };
};

/** Column names that changed, for the audit trail (names only, never values). */
const changedColumns = (before: PatientRow, after: PatientColumns) =>
  changedFieldNames(before as unknown as Record<string, unknown>, after as Record<string, unknown>).filter(
    (k) => k !== 'searchText' && k !== 'sortName',
  );

const duplicateCodiceFiscale = (name: string) => {
  const message = patientMessages.duplicateCodiceFiscale(name);
  return new AppError('CONFLICT', message, { fields: { 'datiGenerali.codiceFiscale': message } });
};

/** The same fiscal code twice in one studio is refused with the other patient's name. */
const ensureUniqueCodiceFiscale = async (db: AppDeps['db'], ctx: StudioContext, p: PatientData, selfId?: string) => {
  const code = p.datiGenerali.codiceFiscale;
  if (!code) return;
  const other = await repo.findByCodiceFiscale(db, ctx, code);
  if (other && other.id !== selfId) {
    const row = await repo.find(db, ctx, other.id);
    throw duplicateCodiceFiscale(row ? patientDisplayName(toPatient(row).datiGenerali) : code);
  }
};

/** A concurrent insert of the same code passes the check and meets the unique index instead. */
const mapUniqueViolation = (error: unknown, p: PatientData): never => {
  if (pgErrorOf(error)?.code === pgErrorCodes.uniqueViolation)
    throw duplicateCodiceFiscale(patientDisplayName(p.datiGenerali));
  throw error;
};

export const createPatient = (deps: AppDeps, ctx: StudioContext, input: PatientData) =>
  deps.db
    .transaction(async (tx) => {
      await ensureUniqueCodiceFiscale(tx, ctx, input);
      const row = await repo.insert(tx, ctx, toColumns(input));
      await recordAudit(tx, ctx, { action: 'patient.create', entityType: 'patient', entityId: row.id });
      return toPatient(row);
    })
    .catch((e) => mapUniqueViolation(e, input));

export const updatePatient = (deps: AppDeps, ctx: StudioContext, id: string, input: PatientData) =>
  deps.db
    .transaction(async (tx) => {
      const before = await repo.findForUpdate(tx, ctx, id);
      if (!before) throw notFound();
      // PUT's body lets an Italian person's fiscal code be missing; only a patient of an online booking may (decision 035)
      const g = input.datiGenerali;
      if (g.tipologiaPersona === 'FISICA' && !mayLackCodiceFiscale(before.source)) {
        const message = personalCodiceFiscaleMessage(g.codiceFiscale, g.nazionalita === homeCountry);
        if (message) throw invalidField('datiGenerali.codiceFiscale', message);
      }
      await ensureUniqueCodiceFiscale(tx, ctx, input, id);
      const columns = toColumns(input);
      const row = await repo.update(tx, ctx, id, columns);
      if (!row) throw notFound();
      await recordAudit(tx, ctx, {
        action: 'patient.update',
        entityType: 'patient',
        entityId: id,
        changedFields: changedColumns(before, columns),
      });
      return toPatient(row);
    })
    .catch((e) => mapUniqueViolation(e, input));

export const getPatient = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.find(deps.db, ctx, id);
  if (!row) throw notFound();
  return toPatient(row);
};

export const listAllPatients = async (deps: AppDeps, ctx: StudioContext) =>
  (await repo.listAll(deps.db, ctx)).map(toPatient);

/**
 * GET /v2/pazienti: every word typed must match (names, codes, e-mails, phones), in display-name order, counted
 * exactly. Words go to the studio's in-memory trigram index, which picks the page's ids; the patients come from those
 * this server already holds as they are at the index's version, the others from the database together with the
 * studio's version. The version is read first: when it has moved (a write here or on another server) the index takes
 * the changes since (or is read again whole) before choosing the page. Without words it is an indexed page and
 * count in SQL.
 */
export const searchPatients = async (deps: AppDeps, ctx: StudioContext, q: SearchQuery): Promise<PatientPage> => {
  const words = q.searchText
    ? [...new Set(normalizeSearchText(q.searchText).split(' ').filter(Boolean))].slice(0, 8)
    : [];
  const filter = { state: q.statoPaziente ?? null, tags: q.tags };
  const page = { offset: q.page * q.size, limit: q.size };
  let content: Patient[];
  let total: number;
  if (words.length > 0) {
    const source = {
      all: () => repo.searchSnapshot(deps.db, ctx),
      changesSince: (version: bigint, limit: number) => repo.searchChangesSince(deps.db, ctx, version, limit),
    };
    const current = (await studioVersions(deps.db, ctx)).patients;
    let index = await deps.patientSearch.get(ctx.studioId, source, current);
    for (let attempt = 1; ; attempt++) {
      const found = index.search({ ...filter, words }, page);
      total = found.total;
      const held = deps.patientSearch.rows(ctx.studioId, index.version, found.ids);
      const missing = found.ids.filter((id) => !held.has(id));
      const read = missing.length > 0 ? await repo.byIdsWithSearchVersion(deps.db, ctx, missing) : null;
      const fresh = read?.rows.map(toPatient) ?? [];
      // after a few rounds under a stream of writes, the last page read stands (each row is itself current)
      if (!read || read.version === index.version || attempt === 3) {
        if (read?.version === index.version) deps.patientSearch.keepRows(ctx.studioId, index.version, fresh);
        content = inOrderOf(found.ids, [...held.values(), ...fresh]);
        break;
      }
      index = await deps.patientSearch.get(ctx.studioId, source, read.version);
    }
  } else {
    const [rows, count] = await Promise.all([
      repo.page(deps.db, ctx, filter, page),
      repo.countAll(deps.db, ctx, filter),
    ]);
    content = rows.map(toPatient);
    total = count;
  }
  return {
    content,
    totalElements: total,
    totalPages: Math.ceil(total / q.size),
    page: q.page,
    size: q.size,
  };
};

/** The patients in the order of the ids (those gone since the ids were chosen are left out). */
const inOrderOf = (ids: string[], found: Patient[]) => {
  const byId = new Map(found.map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

export const setPatientState = (deps: AppDeps, ctx: StudioContext, id: string, state: PatientState) =>
  deps.db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, ctx, id);
    if (!before) throw notFound();
    const row = await repo.update(tx, ctx, id, { state });
    if (!row) throw notFound();
    if (before.state !== state)
      await recordAudit(tx, ctx, {
        action: 'patient.state',
        entityType: 'patient',
        entityId: id,
        changedFields: ['state'],
        detail: `${before.state}→${state}`,
      });
    return toPatient(row);
  });

export const listTags = (deps: AppDeps, ctx: StudioContext) => repo.tagCounts(deps.db, ctx);

/** Adds a tag, spelled as the studio already spells it whatever the case typed; a tag already there is kept once. */
export const addTag = (deps: AppDeps, ctx: StudioContext, id: string, tag: string) =>
  deps.db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, ctx, id);
    if (!before) throw notFound();
    if (before.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return toPatient(before);
    const spelling = (await repo.existingTagSpelling(tx, ctx, tag)) ?? tag;
    const row = await repo.update(tx, ctx, id, { tags: [...before.tags, spelling] });
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'patient.tags',
      entityType: 'patient',
      entityId: id,
      changedFields: ['tags'],
    });
    return toPatient(row);
  });

export const removeTag = (deps: AppDeps, ctx: StudioContext, id: string, tag: string) =>
  deps.db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, ctx, id);
    if (!before) throw notFound();
    const tags = before.tags.filter((t) => t.toLowerCase() !== tag.toLowerCase());
    if (tags.length === before.tags.length) return toPatient(before);
    const row = await repo.update(tx, ctx, id, { tags });
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'patient.tags',
      entityType: 'patient',
      entityId: id,
      changedFields: ['tags'],
    });
    return toPatient(row);
  });

// The clinical record as a whole, whichever of its tables refused first (decision 040: it is kept, not deleted).
const clinicalRecordLabel =
  'dati nella cartella clinica (valutazioni, diario, misure di esito, allegati o schemi corporei)';

/**
 * Legal records that keep a patient: tables that reference patients with ON DELETE RESTRICT or NO ACTION (signed
 * documents, the clinical record) name their constraint here; what belongs only to the patient references it with
 * ON DELETE CASCADE.
 * Invoices keep their customer as issued and only lose the link (SET NULL, decision 020).
 */
const legalRecordLabels: Record<string, string> = {
  signature_requests_patient_id_patients_id_fk: 'documenti firmati',
  clinical_evaluations_paziente_id_patients_id_fk: clinicalRecordLabel,
  clinical_diary_entries_paziente_id_patients_id_fk: clinicalRecordLabel,
  clinical_outcome_measures_paziente_id_patients_id_fk: clinicalRecordLabel,
  patient_attachments_paziente_id_patients_id_fk: clinicalRecordLabel,
  body_charts_paziente_id_patients_id_fk: clinicalRecordLabel,
};
const legalRecordsFallback = 'fatture o documenti firmati';

export const deletePatient = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db
    .transaction(async (tx) => {
      await signatureRepository.deleteUnsignedOfPatient(tx, ctx, id);
      const deleted = await repo.delete(tx, ctx, id);
      if (!deleted) throw notFound();
      await recordAudit(tx, ctx, { action: 'patient.delete', entityType: 'patient', entityId: id });
    })
    .catch((error) => {
      const pg = pgErrorOf(error);
      if (pg?.code !== pgErrorCodes.restrictViolation && pg?.code !== pgErrorCodes.foreignKeyViolation) throw error;
      const what = (pg.constraint && legalRecordLabels[pg.constraint]) || legalRecordsFallback;
      throw new AppError('CONFLICT', patientMessages.deleteRefused(what));
    });

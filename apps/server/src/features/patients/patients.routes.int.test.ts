import { anagraficaMessages } from '@studiolo/domain/anagrafica';
import { type Patient, type PatientPage, patientMessages } from '@studiolo/domain/patients';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { randomCodiceFiscale, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { createSignatureRequest, createSignedRequest } from '../../../test/helpers/signature.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

type Input = ReturnType<typeof validPatientInput>;
const person = (g: Partial<Input['datiGenerali']> = {}, rest: Partial<Input> = {}): Input => {
  const base = validPatientInput();
  return { ...base, ...rest, datiGenerali: { ...base.datiGenerali, ...g } };
};
/** Comune di Roma: a public administration whose codice fiscale is 11 digits. */
const publicAdministration = (g: Partial<Input['datiGenerali']> = {}): Input => ({
  ...validPatientInput(),
  datiGenerali: {
    tipologiaPersona: 'GIURIDICA',
    ragioneSociale: 'Comune di Roma',
    codiceFiscale: '02438750586',
    partitaIva: '01057861005',
    isPubblicaAmministrazione: true,
    codiceDestinatario: 'UF1234',
    ...g,
  },
});

const create = (body: unknown, user = owner) =>
  api<Patient>(t.app, { method: 'POST', url: '/pazienti', token: user.token, body });
const createOk = (body: unknown, user = owner) =>
  apiOk<Patient>(t.app, { method: 'POST', url: '/pazienti', token: user.token, body });
const search = (query: Record<string, string | string[]>, user = owner) =>
  apiOk<PatientPage>(t.app, { method: 'GET', url: '/v2/pazienti', token: user.token, query });

describe('creating a patient', () => {
  it('answers 200 with the created patient, nomeCompleto and validForFattura', async () => {
    const code = randomCodiceFiscale('D');
    const res = await create(person({ nome: 'Giulia', cognome: 'Verdi', codiceFiscale: code.toLowerCase() }));
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(patientMessages.created);
    expect(res.body.response).toMatchObject({
      state: 'ACTIVE',
      validForFattura: true,
      datiGenerali: { nomeCompleto: 'Verdi Giulia', codiceFiscale: code, nazionalita: 'IT', dataNascita: '12-03-1984' },
      datiSanitari: { trasmissioneSistemaSanitario: true },
    });
    const fetched = await apiOk<Patient>(t.app, {
      method: 'GET',
      url: `/pazienti/${res.body.response?.id}`,
      token: owner.token,
    });
    expect(fetched).toEqual(res.body.response);
  });

  it('is not valid for an invoice without a complete address', async () => {
    const p = await createOk(person({}, { residenza: { indirizzo: null, cap: null, comune: null, provincia: null } }));
    expect(p.validForFattura).toBe(false);
  });

  it('rejects a fiscal code with a wrong check character, a short one, and a missing one, with the spec messages', async () => {
    const good = randomCodiceFiscale();
    const wrongCheck = good.slice(0, 15) + (good[15] === 'A' ? 'B' : 'A');
    for (const [codiceFiscale, message] of [
      [wrongCheck, anagraficaMessages.codiceFiscaleInvalid],
      ['RSSMRA85T10A56', anagraficaMessages.codiceFiscaleLength],
      [null, anagraficaMessages.required],
    ] as const) {
      const res = await create(person({ codiceFiscale }));
      expect(res.status).toBe(400);
      expect(res.body.fields?.['datiGenerali.codiceFiscale']).toBe(message);
    }
  });

  it('reports each malformed field with its Italian message and stores nothing', async () => {
    const before = await rowsOf<{ n: number }>(t.deps.db, 'select count(*)::int as n from patients');
    const res = await create({
      ...person({ nome: 'Олег' }),
      contatti: { cellulare: '333-abc', telefono: null, email: 'non-una-mail', pec: 'pec@' },
      residenza: { indirizzo: 'Via Roma 1', cap: '4012', comune: 'Bologna', provincia: 'BOL' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      'datiGenerali.nome': patientMessages.latinOnly,
      'contatti.cellulare': anagraficaMessages.phoneInvalid,
      'contatti.email': anagraficaMessages.emailInvalid,
      'contatti.pec': anagraficaMessages.pecInvalid,
      'residenza.cap': anagraficaMessages.capInvalid,
      'residenza.provincia': anagraficaMessages.provinciaInvalid,
    });
    const after = await rowsOf<{ n: number }>(t.deps.db, 'select count(*)::int as n from patients');
    expect(after).toEqual(before);
  });

  it('says "Indirizzo non valido" when the address is only partly filled', async () => {
    const res = await create(
      person({}, { residenza: { indirizzo: 'Via Roma 1', cap: null, comune: 'Roma', provincia: 'RM' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields?.['residenza.indirizzo']).toBe(anagraficaMessages.indirizzoInvalid);
  });

  it('straightens curly quotes and strips non-Latin characters from the street and town', async () => {
    const p = await createOk(
      person({}, { residenza: { indirizzo: 'Via dell’Orso 3 ★', cap: '00186', comune: 'Roma', provincia: 'rm' } }),
    );
    expect(p.residenza).toEqual({ indirizzo: "Via dell'Orso 3", cap: '00186', comune: 'Roma', provincia: 'RM' });
  });

  it('takes a public administration with its 11-digit fiscal code and 6-character office code, without a person’s names', async () => {
    const p = await createOk({
      ...publicAdministration(),
      datiGenerali: { ...publicAdministration().datiGenerali, nome: 'X' },
    });
    expect(p.datiGenerali).toMatchObject({
      tipologiaPersona: 'GIURIDICA',
      nomeCompleto: 'Comune di Roma',
      nome: null,
      cognome: null,
      isPubblicaAmministrazione: true,
      codiceDestinatario: 'UF1234',
    });
    expect(p.validForFattura).toBe(true);
  });

  it('refuses a public administration with a 7-character recipient code or a 16-character fiscal code', async () => {
    const seven = await create(publicAdministration({ codiceFiscale: '06363391001', codiceDestinatario: 'ABCDEFG' }));
    expect(seven.status).toBe(400);
    expect(seven.body.fields?.['datiGenerali.codiceDestinatario']).toBe(anagraficaMessages.codiceDestinatarioInvalid);
    const personal = await create(publicAdministration({ codiceFiscale: randomCodiceFiscale() }));
    expect(personal.body.fields?.['datiGenerali.codiceFiscale']).toBe(anagraficaMessages.codiceFiscaleInvalid);
  });

  it('requires the company name and a valid partita IVA for a private company', async () => {
    const res = await create({
      ...validPatientInput(),
      datiGenerali: { tipologiaPersona: 'GIURIDICA', codiceFiscale: '01234567897', partitaIva: '01234567890' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      'datiGenerali.ragioneSociale': anagraficaMessages.required,
      'datiGenerali.partitaIva': anagraficaMessages.partitaIvaInvalid,
    });
  });

  it('lets a foreign national have no Italian fiscal code', async () => {
    const p = await createOk(person({ codiceFiscale: null, nazionalita: 'de', nome: 'Jürgen', cognome: 'Müller' }));
    expect(p.datiGenerali).toMatchObject({ nazionalita: 'DE', codiceFiscale: null, nomeCompleto: 'Müller Jürgen' });
  });

  it('refuses a second patient with the same fiscal code in the studio, naming the first, but not in another studio', async () => {
    const code = randomCodiceFiscale();
    await createOk(person({ cognome: 'Bianchi', nome: 'Anna', codiceFiscale: code }));
    const again = await create(person({ cognome: 'Neri', codiceFiscale: code }));
    expect(again.status).toBe(409);
    expect(again.body.answer).toBe(patientMessages.duplicateCodiceFiscale('Bianchi Anna'));
    expect(again.body.fields?.['datiGenerali.codiceFiscale']).toBe(
      patientMessages.duplicateCodiceFiscale('Bianchi Anna'),
    );

    const other = await createStudioOwner(t.app);
    expect((await create(person({ codiceFiscale: code }), other)).status).toBe(200);
  });

  it('keeps one of two concurrent creations with the same fiscal code', async () => {
    const code = randomCodiceFiscale();
    const results = await Promise.all([
      create(person({ codiceFiscale: code })),
      create(person({ codiceFiscale: code })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await rowsOf(t.deps.db, `select id from patients where codice_fiscale = '${code}'`);
    expect(rows).toHaveLength(1);
  });
});

describe('updating a patient', () => {
  it('replaces the data with PUT /pazienti and audits the names of the changed fields only', async () => {
    const p = await createOk(person({ cognome: 'Gialli' }));
    const input = person({ cognome: 'Giallo', codiceFiscale: p.datiGenerali.codiceFiscale }, { tags: ['Sportivo'] });
    const updated = await apiOk<Patient>(t.app, {
      method: 'PUT',
      url: '/pazienti',
      token: owner.token,
      body: { ...input, id: p.id },
    });
    expect(updated.datiGenerali.nomeCompleto).toBe('Giallo Giulia');
    expect(updated.tags).toEqual(['Sportivo']);
    const [audit] = await rowsOf<{ changed_fields: string[] }>(
      t.deps.db,
      `select changed_fields from audit_events where entity_id = '${p.id}' and action = 'patient.update'`,
    );
    expect(audit?.changed_fields.sort()).toEqual(['cognome', 'tags']);
  });

  it('answers 404 for an id that is not a patient of the studio', async () => {
    const res = await api(t.app, {
      method: 'PUT',
      url: '/pazienti',
      token: owner.token,
      body: { ...person(), id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
  });

  it('changes the state with PUT /pazienti/stato', async () => {
    const p = await createOk(person());
    const res = await api<Patient>(t.app, {
      method: 'PUT',
      url: '/pazienti/stato',
      token: owner.token,
      body: { id: p.id, state: 'UNACTIVE' },
    });
    expect(res.body.answer).toBe(patientMessages.stateChanged);
    expect(res.body.response?.state).toBe('UNACTIVE');
    const bad = await api(t.app, {
      method: 'PUT',
      url: '/pazienti/stato',
      token: owner.token,
      body: { id: p.id, state: 'DELETED' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('tags', () => {
  it('adds a tag once, in the spelling the studio already uses, lists tags with counts and removes them', async () => {
    const studio = await createStudioOwner(t.app);
    const a = await createOk(person(), studio);
    const b = await createOk(person(), studio);
    const tag = (id: string, value: string) =>
      apiOk<Patient>(t.app, {
        method: 'PATCH',
        url: `/pazienti/${id}/tags`,
        token: studio.token,
        body: { pazienteId: id, tag: value },
      });
    await tag(a.id, 'Sportivo ');
    expect((await tag(b.id, 'sportivo')).tags).toEqual(['Sportivo']);
    expect((await tag(b.id, 'SPORTIVO')).tags).toEqual(['Sportivo']);
    await tag(b.id, 'Cervicale');
    const counts = await apiOk(t.app, { method: 'GET', url: '/pazienti/tags', token: studio.token });
    expect(counts).toEqual([
      { tag: 'Cervicale', count: 1 },
      { tag: 'Sportivo', count: 2 },
    ]);
    const removed = await apiOk<Patient>(t.app, {
      method: 'DELETE',
      url: `/pazienti/${b.id}/tags`,
      token: studio.token,
      query: { tag: 'sportivo' },
    });
    expect(removed.tags).toEqual(['Cervicale']);
  });

  it('refuses an empty tag and a pazienteId that is not the path’s patient', async () => {
    const p = await createOk(person());
    const empty = await api(t.app, {
      method: 'PATCH',
      url: `/pazienti/${p.id}/tags`,
      token: owner.token,
      body: { tag: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.tag).toBe(patientMessages.tagInvalid);
    const other = await api(t.app, {
      method: 'PATCH',
      url: `/pazienti/${p.id}/tags`,
      token: owner.token,
      body: { pazienteId: '00000000-0000-4000-8000-000000000000', tag: 'X' },
    });
    expect(other.status).toBe(400);
  });
});

describe('search', () => {
  let studio: TestStudioUser;
  beforeAll(async () => {
    studio = await createStudioOwner(t.app);
    const add = (g: Partial<Input['datiGenerali']>, rest: Partial<Input> = {}) => createOk(person(g, rest), studio);
    await add({ cognome: 'Rossi', nome: 'Mario' }, { tags: ['Sportivo'] });
    await add(
      { cognome: 'Rossini', nome: 'Lucia' },
      { contatti: { cellulare: '+39 333 765 4321', telefono: null, email: 'lucia@posta.it', pec: null } },
    );
    await add({ cognome: 'Brambilla', nome: 'Nicolò' }, { state: 'UNACTIVE', tags: ['Sportivo', 'Cervicale'] });
    await add({ cognome: 'Esposito', nome: 'Rosa' });
    await createOk(publicAdministration(), studio);
  });

  const names = (page: PatientPage) => page.content.map((p) => p.datiGenerali.nomeCompleto);

  it('finds partial words in names, case-insensitively, in display-name order', async () => {
    expect(names(await search({ searchText: 'ros' }, studio))).toEqual([
      'Esposito Rosa',
      'Rossi Mario',
      'Rossini Lucia',
    ]);
    expect(names(await search({ searchText: 'ROSSI' }, studio))).toEqual(['Rossi Mario', 'Rossini Lucia']);
  });

  it('ignores accents both ways and needs every word typed', async () => {
    expect(names(await search({ searchText: 'nicolo' }, studio))).toEqual(['Brambilla Nicolò']);
    expect(names(await search({ searchText: 'Nicolò bram' }, studio))).toEqual(['Brambilla Nicolò']);
    expect(names(await search({ searchText: 'rossi lucia' }, studio))).toEqual(['Rossini Lucia']);
  });

  it('finds by company name, fiscal code, e-mail and phone digits', async () => {
    expect(names(await search({ searchText: 'comune di' }, studio))).toEqual(['Comune di Roma']);
    expect(names(await search({ searchText: '0243875' }, studio))).toEqual(['Comune di Roma']);
    expect(names(await search({ searchText: 'lucia@posta' }, studio))).toEqual(['Rossini Lucia']);
    expect(names(await search({ searchText: '3337654' }, studio))).toEqual(['Rossini Lucia']);
  });

  it('treats % and _ typed by the user as plain characters', async () => {
    expect((await search({ searchText: '%' }, studio)).totalElements).toBe(0);
    expect((await search({ searchText: '_' }, studio)).totalElements).toBe(0);
  });

  it('filters by state and by tags (all of them), and pages with the total count', async () => {
    expect(names(await search({ statoPaziente: 'UNACTIVE' }, studio))).toEqual(['Brambilla Nicolò']);
    expect(names(await search({ tags: 'Sportivo' }, studio))).toEqual(['Brambilla Nicolò', 'Rossi Mario']);
    expect(names(await search({ tags: ['Sportivo', 'Cervicale'] }, studio))).toEqual(['Brambilla Nicolò']);
    const page = await search({ size: '2', page: '1' }, studio);
    expect(page).toMatchObject({ totalElements: 5, totalPages: 3, page: 1, size: 2 });
    expect(names(page)).toEqual(['Esposito Rosa', 'Rossi Mario']);
    expect(await search({ size: '2', page: '9' }, studio)).toMatchObject({ content: [], totalElements: 5 });
  });

  it('counts every match of a crowded search exactly and pages them in name order', async () => {
    const crowded = await createStudioOwner(t.app);
    await t.deps.db.execute(sql`
      insert into patients (studio_id, tipologia_persona, nome, cognome, search_text, sort_name)
      select ${crowded.studioId}, 'FISICA', 'Anna', 'Zzq' || lpad(i::text, 4, '0'), 'zzq' || lpad(i::text, 4, '0') || ' anna', 'zzq' || lpad(i::text, 4, '0') || ' anna'
      from generate_series(1, 1100) as i`);
    const many = await search({ searchText: 'zzq', page: '1' }, crowded);
    expect(many).toMatchObject({ totalElements: 1100, totalPages: 44, page: 1 });
    expect(names(many)).toEqual(Array.from({ length: 25 }, (_, i) => `Zzq${String(26 + i).padStart(4, '0')} Anna`));
    const last = await search({ searchText: 'anna zzq', page: '43' }, crowded);
    expect(names(last)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Zzq${String(1076 + i).padStart(4, '0')}`).map((n) => `${n} Anna`),
    );
    expect(await search({ searchText: 'zzq 107' }, crowded)).toMatchObject({ totalElements: 11 });
    expect(await search({ searchText: 'zzq1', statoPaziente: 'UNACTIVE' }, crowded)).toMatchObject({
      totalElements: 0,
    });
    expect((await search({}, crowded)).totalElements).toBe(1100);
  });

  it('never shows another studio’s patients', async () => {
    const other = await createStudioOwner(t.app);
    expect((await search({ searchText: 'ros' }, other)).totalElements).toBe(0);
    expect(await apiOk(t.app, { method: 'GET', url: '/pazienti', token: other.token })).toEqual([]);
  });

  it('sees at once what was written behind its back (another server, an import), inserts, changes and deletes', async () => {
    const elsewhere = await createStudioOwner(t.app);
    const mario = await createOk(person({ nome: 'Mario', cognome: 'Quaglia' }), elsewhere);
    expect(names(await search({ searchText: 'quag' }, elsewhere))).toEqual(['Quaglia Mario']);
    await t.deps.db.execute(sql`
      insert into patients (studio_id, tipologia_persona, nome, cognome, search_text, sort_name)
      values (${elsewhere.studioId}, 'FISICA', 'Anna', 'Quagliarella', 'quagliarella anna', 'quagliarella anna')`);
    expect(names(await search({ searchText: 'quag' }, elsewhere))).toEqual(['Quaglia Mario', 'Quagliarella Anna']);
    await t.deps.db.execute(
      sql`update patients set cognome = 'Zuquag', search_text = 'zuquag mario', sort_name = 'zuquag mario' where id = ${mario.id}`,
    );
    expect(names(await search({ searchText: 'quag' }, elsewhere))).toEqual(['Quagliarella Anna', 'Zuquag Mario']);
    await t.deps.db.execute(sql`update patients set state = 'UNACTIVE' where id = ${mario.id}`);
    expect(names(await search({ searchText: 'quag', statoPaziente: 'ACTIVE' }, elsewhere))).toEqual([
      'Quagliarella Anna',
    ]);
    await t.deps.db.execute(
      sql`delete from patients where studio_id = ${elsewhere.studioId} and cognome = 'Quagliarella'`,
    );
    expect(names(await search({ searchText: 'quag' }, elsewhere))).toEqual(['Zuquag Mario']);
  });

  it('brings the index up to date with the logged patients alone, and reads everything again after a bulk change', async () => {
    const studio = await createStudioOwner(t.app);
    const created = await createOk(person({ nome: 'Delta', cognome: 'Uno' }), studio);
    expect(names(await search({ searchText: 'delta' }, studio))).toEqual(['Uno Delta']);
    /** The index this server holds for the studio, without reading anything. */
    const held = () =>
      t.deps.patientSearch.get(studio.studioId, {
        all: () => Promise.reject(new Error('not cached')),
        changesSince: () => Promise.reject(new Error('not cached')),
      });
    const logged = async () =>
      (
        (await t.deps.db.execute(
          sql`select version::int as version, patient_id from patient_search_changes where studio_id = ${studio.studioId} order by version`,
        )) as unknown as { rows: { version: number; patient_id: string }[] }
      ).rows;

    const second = await createOk(person({ nome: 'Delta', cognome: 'Due' }), studio);
    await t.deps.db.execute(
      sql`update patients set cognome = 'Zeta', search_text = 'zeta delta', sort_name = 'zeta delta' where id = ${created.id}`,
    );
    expect((await logged()).slice(-2).map((r) => r.patient_id)).toEqual([second.id, created.id]);
    expect(names(await search({ searchText: 'delta' }, studio))).toEqual(['Due Delta', 'Zeta Delta']);
    expect((await held()).pending).toBe(3); // the new one held apart, the edited one dropped from the lists and held apart

    await t.deps.db.execute(sql`
      insert into patients (studio_id, tipologia_persona, nome, cognome, search_text, sort_name)
      select ${studio.studioId}, 'FISICA', 'Delta', 'Massa' || lpad(i::text, 4, '0'), 'massa' || lpad(i::text, 4, '0') || ' delta', 'massa' || lpad(i::text, 4, '0') || ' delta'
      from generate_series(1, 1001) as i`);
    const current = (
      (await t.deps.db.execute(
        sql`select version::int as version from patient_search_versions where studio_id = ${studio.studioId}`,
      )) as unknown as { rows: { version: number }[] }
    ).rows[0]?.version;
    const versions = await logged();
    expect(versions.at(-1)?.version).toBe((current ?? 0) - 1); // the bulk insert's own version logged nothing
    expect(await search({ searchText: 'delta', page: '40', size: '25' }, studio)).toMatchObject({
      totalElements: 1003,
    });
    expect((await held()).pending).toBe(0); // read again whole

    // the log keeps the last 1,000 versions: an index older than that is read again whole too
    await t.deps.db.execute(
      sql.raw(`do $$ begin for i in 1..1002 loop
        update patients set search_text = 'zeta delta ' || i where id = '${created.id}';
      end loop; end $$`),
    );
    const kept = await logged();
    expect(kept).toHaveLength(1000);
    expect(kept.at(-1)?.version).toBe((kept[0]?.version ?? 0) + 999);
    expect(await search({ searchText: 'delta 1002' }, studio)).toMatchObject({ totalElements: 1 });
    expect((await held()).pending).toBe(0);
  });

  it('moves the version whenever a patient changes, not for an update that changes nothing, never another studio’s', async () => {
    const own = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    await createOk(person({ nome: 'Altro', cognome: 'Studio' }), other);
    const versionOf = async (studioId: string) =>
      BigInt(
        (
          (await t.deps.db.execute(
            sql`select version::text from patient_search_versions where studio_id = ${studioId}`,
          )) as unknown as { rows: { version: string }[] }
        ).rows[0]?.version ?? -1,
      );
    const created = await createOk(person({ nome: 'Lina', cognome: 'Versione' }), own);
    const [afterCreate, otherBefore] = [await versionOf(own.studioId), await versionOf(other.studioId)];
    expect(afterCreate).toBeGreaterThan(0n);
    await t.deps.db.execute(sql`update patients set note = note where id = ${created.id}`);
    expect(await versionOf(own.studioId)).toBe(afterCreate);
    await t.deps.db.execute(sql`update patients set note = 'solo una nota' where id = ${created.id}`);
    expect(await versionOf(own.studioId)).toBe(afterCreate + 1n);
    await t.deps.db.execute(sql`update patients set tags = array['Nuovo'] where id = ${created.id}`);
    expect(await versionOf(own.studioId)).toBe(afterCreate + 2n);
    expect(await versionOf(other.studioId)).toBe(otherBefore);
  });

  it('shows at once a change behind its back to a patient of a page it holds, whatever the column', async () => {
    const studio = await createStudioOwner(t.app);
    const held = await createOk(
      person(
        { nome: 'Tenuto', cognome: 'Inpagina' },
        { residenza: { ...validPatientInput().residenza, cap: '00100' } },
      ),
      studio,
    );
    const first = await search({ searchText: 'inpag' }, studio);
    expect(first.content.map((p) => p.residenza.cap)).toEqual(['00100']);
    expect((await search({ searchText: 'inpag' }, studio)).content.map((p) => p.residenza.cap)).toEqual(['00100']);
    await t.deps.db.execute(sql`update patients set cap = '20121', comune = 'Milano' where id = ${held.id}`);
    const after = await search({ searchText: 'inpag' }, studio);
    expect(after.content.map((p) => [p.residenza.cap, p.residenza.comune])).toEqual([['20121', 'Milano']]);
    await t.deps.db.execute(sql`update patients set note = 'Allergia al lattice' where id = ${held.id}`);
    expect((await search({ searchText: 'tenuto' }, studio)).content[0]?.datiGenerali.note).toBe('Allergia al lattice');
  });

  it('lets a studio with patients be deleted (the version is not written for a studio going away)', async () => {
    const leaving = await createStudioOwner(t.app);
    await createOk(person({ nome: 'Ultimo', cognome: 'Paziente' }), leaving);
    await t.deps.db.execute(sql`delete from studios where id = ${leaving.studioId}`);
    const left = await rowsOf<{ n: number }>(
      t.deps.db,
      `select count(*)::int as n from patients where studio_id = '${leaving.studioId}'`,
    );
    expect(left[0]?.n).toBe(0);
  });
});

describe('deleting a patient', () => {
  it('removes the patient', async () => {
    const p = await createOk(person());
    const res = await api(t.app, { method: 'DELETE', url: `/pazienti/${p.id}`, token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(patientMessages.deleted);
    expect((await api(t.app, { method: 'GET', url: `/pazienti/${p.id}`, token: owner.token })).status).toBe(404);
  });

  it('refuses while signed documents keep the patient, and deletes nothing; unsigned requests go with the patient', async () => {
    const kept = await createOk(person());
    const signed = await createSignedRequest(t.app, owner, { pazienteId: kept.id });
    const pendingOfKept = await createSignatureRequest(t.app, owner, { pazienteId: kept.id });
    const res = await api(t.app, { method: 'DELETE', url: `/pazienti/${kept.id}`, token: owner.token });
    expect(res.status).toBe(409);
    expect(res.body.answer).toBe(patientMessages.deleteRefused('documenti firmati'));
    expect(res.body.answer).toBe(
      'Impossibile eliminare il paziente: ha documenti firmati, che sono documenti legali e vanno conservati. Puoi renderlo non attivo.',
    );
    expect((await api(t.app, { method: 'GET', url: `/pazienti/${kept.id}`, token: owner.token })).status).toBe(200);
    // the refusal rolled back everything, the unsigned request included
    const keptRequests = await rowsOf<{ id: string; status: string }>(
      t.deps.db,
      `select id, status from signature_requests where patient_id = '${kept.id}' order by status`,
    );
    expect(keptRequests).toEqual([
      { id: pendingOfKept.id, status: 'PENDING' },
      { id: signed.id, status: 'SIGNED' },
    ]);

    const gone = await createOk(person());
    await createSignatureRequest(t.app, owner, { pazienteId: gone.id });
    const ok = await api(t.app, { method: 'DELETE', url: `/pazienti/${gone.id}`, token: owner.token });
    expect(ok.status).toBe(200);
    expect(await rowsOf(t.deps.db, `select id from signature_requests where patient_id = '${gone.id}'`)).toEqual([]);
  });

  it('still lets a whole studio go, signed documents and patients together', async () => {
    const studio = await createStudioOwner(t.app);
    const p = await createOk(person(), studio);
    await createSignedRequest(t.app, studio, { pazienteId: p.id });
    await t.deps.db.execute(sql`delete from studios where id = ${studio.studioId}`);
    expect(await rowsOf(t.deps.db, `select id from signature_requests where studio_id = '${studio.studioId}'`)).toEqual(
      [],
    );
  });
});

describe('registry export', () => {
  it('streams every patient as CSV with a BOM, Italian headers and formulas neutralised', async () => {
    const studio = await createStudioOwner(t.app);
    await createOk(
      person(
        { cognome: 'Rossi', nome: 'Mario' },
        { contatti: { cellulare: '+39 333 1112223', telefono: null, email: null, pec: null } },
      ),
      studio,
    );
    await createOk(person({ cognome: '=HYPERLINK("x")', nome: 'Eva' }), studio);
    await createOk(publicAdministration(), studio);
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/data-exporter/anagrafiche-pazienti',
      headers: { authorization: `Bearer ${studio.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="anagrafiche-pazienti-\d{8}\.csv"$/);
    expect(res.headers['x-total-count']).toBe('3');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]?.split(';').slice(0, 6)).toEqual([
      'Cognome',
      'Nome',
      'Ragione sociale',
      'Tipologia',
      'Pubblica amministrazione',
      'Codice fiscale',
    ]);
    expect(lines.some((l) => l.startsWith('Rossi;Mario;;Persona fisica;No;') && l.includes(";'+39 333 1112223;"))).toBe(
      true,
    );
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""x"")";Eva;`))).toBe(true);
    expect(
      lines.some((l) => l.startsWith(';;Comune di Roma;Persona giuridica;Sì;02438750586;01057861005;UF1234;')),
    ).toBe(true);
  });
});

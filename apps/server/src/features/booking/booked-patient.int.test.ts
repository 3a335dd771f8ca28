import type { Patient } from '@studiolo/domain/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBooking, openBookingStudio } from '../../../test/helpers/booking.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner } from '../../../test/helpers/login-as.ts';

/**
 * A patient made by an online booking without a fiscal code (decision 035), on PGlite and on PostgreSQL: the studio
 * opens the record and saves it (a note) without being stuck on the code the booking did not ask for; the record says
 * where it came from; every other Italian person still needs the code, and no invoice is possible without it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The record's answer as the body of PUT /pazienti, with changes. */
const asUpdate = (p: Patient, datiGenerali: Partial<Patient['datiGenerali']> = {}) => {
  const { nomeCompleto: _name, ...generali } = p.datiGenerali;
  return {
    id: p.id,
    tags: p.tags,
    datiGenerali: { ...generali, ...datiGenerali },
    contatti: p.contatti,
    residenza: p.residenza,
    datiSanitari: p.datiSanitari,
  };
};

describe('a patient made by an online booking', () => {
  it('is marked as such and can be saved without the fiscal code; a code given is still checked', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const { row } = await makeBooking(t.app, s);
    const p = await apiOk<Patient>(t.app, { method: 'GET', url: `/pazienti/${row.pazienteId}`, token: s.owner.token });
    expect(p.source).toBe('ONLINE_BOOKING');
    expect(p.datiGenerali.codiceFiscale).toBeNull();
    expect(p.validForFattura).toBe(false);

    const saved = await api<Patient>(t.app, {
      method: 'PUT',
      url: '/pazienti',
      token: s.owner.token,
      body: asUpdate(p, { note: 'Preferisce gli appuntamenti al mattino' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.response?.datiGenerali.note).toBe('Preferisce gli appuntamenti al mattino');
    expect(saved.body.response?.source).toBe('ONLINE_BOOKING');
    expect(saved.body.response?.validForFattura).toBe(false);

    const wrong = await api(t.app, {
      method: 'PUT',
      url: '/pazienti',
      token: s.owner.token,
      body: asUpdate(p, { codiceFiscale: 'RSSMRA85T10A562X' }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.['datiGenerali.codiceFiscale']).toBeTruthy();
  });

  it('leaves the rule for every other Italian person: the fiscal code is required', async () => {
    const owner = await createStudioOwner(t.app);
    const created = await apiOk<Patient>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput(),
    });
    expect(created.source).toBeNull();
    const res = await api(t.app, {
      method: 'PUT',
      url: '/pazienti',
      token: owner.token,
      body: asUpdate(created, { codiceFiscale: null }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'datiGenerali.codiceFiscale': 'Campo obbligatorio' });
    // and creating one without it is refused by the schema as before
    const post = await api(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput({
        datiGenerali: { ...validPatientInput().datiGenerali, codiceFiscale: null },
      }),
    });
    expect(post.status).toBe(400);
  });
});

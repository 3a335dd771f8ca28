import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { randomCodiceFiscale, validEventInput, validPatientInput, validProductInput } from '../helpers/factories.ts';
import { type ApiCall, api, apiOk } from '../helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../helpers/login-as.ts';
import { rowsOf } from '../helpers/sql.ts';

/**
 * Issue 25 item 5: a NUL in a text answered 500 and the log then held the failed INSERT's parameters (name, surname,
 * fiscal code). Every text refuses control characters with a 400 naming the field, and a database failure is logged
 * with its constraint and the request id only.
 */
const captured: string[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    captured.push(String(chunk));
    cb();
  },
});

/** A valid fiscal code nobody else uses, to look for in the log. */
const markerCf = randomCodiceFiscale('D');
/** Another, for the patient the database refuses (the first may have been stored by a server that took the NUL). */
const markerCf2 = randomCodiceFiscale('D');
const markerSurname = 'Segnalibro';

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'trace', stream: sink } });
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const patientWith = (overrides: Record<string, unknown>) => {
  const valid = validPatientInput();
  return {
    ...valid,
    datiGenerali: { ...valid.datiGenerali, codiceFiscale: markerCf, cognome: markerSurname },
    ...overrides,
  };
};

describe('control characters in texts', () => {
  it('refuses a NUL in each text the probe found with 400 and the field, and stores nothing', async () => {
    const patient = patientWith({});
    const calls: { call: Omit<ApiCall, 'token'>; field: string }[] = [
      {
        call: {
          method: 'POST',
          url: '/pazienti',
          body: patientWith({
            datiGenerali: { ...patient.datiGenerali, note: 'dolore\u0000' },
          }),
        },
        field: 'datiGenerali.note',
      },
      {
        call: {
          method: 'POST',
          url: '/pazienti',
          body: { ...patient, contatti: { ...patient.contatti, email: 'giulia\u0000@example.it' } },
        },
        field: 'contatti.email',
      },
      {
        call: {
          method: 'POST',
          url: '/events',
          body: await validEventInput(t.app, owner, { summary: 'Seduta\u0000' }),
        },
        field: 'summary',
      },
      {
        call: { method: 'POST', url: '/events', body: await validEventInput(t.app, owner, { note: 'nota\u0000' }) },
        field: 'note',
      },
      { call: { method: 'POST', url: '/calendars', body: { summary: 'Domicili\u0000' } }, field: 'summary' },
      { call: { method: 'POST', url: '/settings/calendario/rooms', body: { name: 'Stanza\u0000' } }, field: 'name' },
      {
        call: { method: 'POST', url: '/products', body: { ...validProductInput(), name: 'Seduta\u0000' } },
        field: 'name',
      },
      { call: { method: 'PATCH', url: '/settings/general', body: { tema: 'chiaro\u0000' } }, field: 'tema' },
    ];
    const answers = [];
    for (const { call, field } of calls) {
      const res = await api(t.app, { ...call, token: owner.token });
      answers.push({ url: call.url, field, status: res.status, fields: res.body.fields });
    }
    expect(answers).toEqual(
      calls.map(({ call, field }) => ({
        url: call.url,
        field,
        status: 400,
        fields: { [field]: 'Il testo contiene caratteri non consentiti' },
      })),
    );
    const stored = await rowsOf(t.deps.db, `select id from patients where codice_fiscale = '${markerCf}'`);
    expect(stored).toEqual([]);
  });

  it('refuses half of a surrogate pair and a line break in a one-line text, and takes accents, emoji and a note on many lines', async () => {
    const half = await api(t.app, {
      method: 'POST',
      url: '/calendars',
      token: owner.token,
      body: { summary: 'Sedute \uD83D' },
    });
    expect(half.status).toBe(400);
    const twoLines = await api(t.app, {
      method: 'POST',
      url: '/calendars',
      token: owner.token,
      body: { summary: 'Domicili\nsera' },
    });
    expect(twoLines.body.fields).toEqual({ summary: 'Il testo non può andare a capo' });
    const event = await apiOk<{ summary: string; note: string }>(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: await validEventInput(t.app, owner, { summary: 'Niccolò 😀', note: 'riga 1\n\triga 2' }),
    });
    expect(event).toMatchObject({ summary: 'Niccolò 😀', note: 'riga 1\n\triga 2' });
  });
});

describe('database errors in the log', () => {
  it('logs a failed INSERT with its constraint and the request id, never the patient it carried', async () => {
    // a real failure of the database on the patient's INSERT (a check the schema cannot know of)
    await t.deps.db.execute(
      `create function refuse_marker() returns trigger language plpgsql as $$ begin
         if new.codice_fiscale = '${markerCf2}' then
           raise exception 'refused' using errcode = 'check_violation', constraint = 'patients_marker_check',
             detail = 'Failing row contains (' || new.codice_fiscale || ', ' || new.cognome || ').';
         end if;
         return new;
       end $$`,
    );
    await t.deps.db.execute(
      'create trigger refuse_marker before insert on patients for each row execute function refuse_marker()',
    );
    captured.length = 0;
    const res = await api(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: patientWith({
        datiGenerali: { ...validPatientInput().datiGenerali, codiceFiscale: markerCf2, cognome: markerSurname },
      }),
    });
    await t.deps.db.execute('drop trigger refuse_marker on patients');
    expect(res.status).toBe(500);
    const requestId = String(res.headers['x-request-id']);
    const log = captured.join('');
    expect(log).not.toContain(markerCf2);
    expect(log).not.toContain(markerSurname);
    expect(log).not.toContain('Giulia');
    expect(log).not.toContain('giulia.verdi@example.it');
    const failure = captured.map((line) => JSON.parse(line)).find((line) => line.msg === 'unexpected error');
    expect(failure).toMatchObject({
      reqId: requestId,
      err: { type: 'DatabaseError', sqlState: '23514', constraint: 'patients_marker_check' },
    });
  });

  it('never logs the body of a request it could not read', async () => {
    captured.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/pazienti',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      // unquoted: V8's message then quotes the text around it
      payload: `{"datiGenerali": {"codiceFiscale": ${markerCf}, "cognome": "${markerSurname}"}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(captured.join('')).not.toContain(markerCf);
  });
});

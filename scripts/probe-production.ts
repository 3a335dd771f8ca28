/**
 * The probes of issue 25, re-run as an attacker would against a production build:
 *
 *   NODE_ENV=production AUTH_SECRET=… DATA_DIR=/tmp/probe PORT=3300 PUBLIC_URL=http://127.0.0.1:3300 npm start > /tmp/probe.log
 *   PROBE_URL=http://127.0.0.1:3300 DATA_DIR=/tmp/probe AUTH_SECRET=… LOG_FILE=/tmp/probe.log node scripts/probe-production.ts
 *
 * Plain HTTP from loopback addresses only (127.0.0.x as distinct clients). Prints one line per probe with what the
 * issue saw and what the server answers now. Reads the mailed links from the local outbox (DATA_DIR/outbox).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const base = process.env.PROBE_URL ?? 'http://127.0.0.1:3300';
const dataDir = process.env.DATA_DIR ?? '/tmp/probe';
const secret = process.env.AUTH_SECRET ?? '';
const logFile = process.env.LOG_FILE;
const api = `${base}/app/api`;

type Answer = { status: number; body: { code?: string; answer?: unknown; response?: unknown } | string; ms: number };

/** One request from a chosen loopback address (the socket's address is what the server must believe). */
const call = (
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      url,
      {
        method,
        localAddress: opts.from ?? '127.0.0.1',
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Answer['body'] = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const answerOf = (a: Answer) => (typeof a.body === 'string' ? a.body.slice(0, 80) : JSON.stringify(a.body.answer));
const line = (item: string, seen: string, now: string) => console.log(`${item}\n  issue: ${seen}\n  now:   ${now}`);

/** The newest mailed link of the given kind to `to`, from the local outbox's .eml files. */
const mailedLink = (to: string, route: string): string => {
  const dir = path.join(dataDir, 'outbox');
  const files = readdirSync(dir)
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of files) {
    const raw = readFileSync(file, 'utf8');
    if (!raw.includes(to)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = text.match(new RegExp(`/${route}\\?token=([A-Za-z0-9_%\\-]+)`));
    if (m?.[1]) return decodeURIComponent(m[1]);
  }
  throw new Error(`no ${route} link mailed to ${to}`);
};

const password = 'Probe-password-2026!';
const signUpOwner = async (email: string) => {
  await call('POST', `${api}/user/signup`, { body: { email, password, nome: 'Sonda', cognome: 'Prova' } });
  const verified = await call('POST', `${api}/user/verify-email`, {
    body: { token: mailedLink(email, 'verificaEmail') },
  });
  const token = (verified.body as { response: { token: string } }).response.token;
  await call('POST', `${api}/studio/initial-setup`, {
    token,
    body: {
      studio: {
        tipologiaPersona: 'FISICA',
        nome: 'Sonda',
        cognome: 'Prova',
        ragioneSociale: null,
        sesso: 'U',
        codiceFiscale: 'RSSMRA85T10A562S',
        partitaIva: '01234567897',
        iscrizioneAlbo: 'Albo FT n. 1',
        professione: 'Fisioterapista',
        contatti: { email, cellulare: '+39 333 1234567', telefono: null, pec: null },
        residenza: { indirizzo: 'Via Roma 1', cap: '40100', comune: 'Bologna', provincia: 'BO' },
        coordinateBancarie: {
          intestatario: 'Sonda Prova',
          nomeBanca: 'Banca',
          iban: 'IT60X0542811101000000123456',
          bicSwift: null,
        },
        tassazione: { regimeFiscale: 'RF_19' },
      },
      avatarColor: '#1E88E5',
    },
  });
  return token;
};

const run = async () => {
  const owner = `sonda-${randomBytes(3).toString('hex')}@example.it`;
  const token = await signUpOwner(owner);
  const calendars = await call('GET', `${api}/calendars`, { token });
  const calendarId = (
    (calendars.body as { response: { calendars: { id: string }[] } }).response.calendars[0] as { id: string }
  ).id;

  // 1. A daily series until 9999 while /health is polled.
  let healthWorst = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      healthWorst = Math.max(healthWorst, (await call('GET', `${api}/health`)).ms);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const series = await call('POST', `${api}/events`, {
    token,
    body: {
      calendarId,
      summary: 'Seduta',
      start: '2026-11-23T09:00:00.000Z',
      end: '2026-11-23T10:00:00.000Z',
      rrule: 'FREQ=DAILY;UNTIL=99991231T000000Z',
    },
  });
  polling = false;
  await poll;
  line(
    '1. POST /events FREQ=DAILY;UNTIL=9999',
    '200 after ~23 s, /health silent meanwhile',
    `${series.status} in ${series.ms.toFixed(0)} ms, /health worst ${healthWorst.toFixed(0)} ms`,
  );

  // 2. 15 failed sign-ins, each with a different forged X-Forwarded-For.
  const forged: number[] = [];
  for (let i = 0; i < 15; i++) {
    const r = await call('POST', `${api}/user/login`, {
      from: '127.0.0.20',
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: { username: `nessuno-${i}@example.it`, password: 'sbagliata' },
    });
    forged.push(r.status);
  }
  line('2. 15 failed sign-ins, forged X-Forwarded-For', '15 × 401', forged.join(' '));

  // 3. The calendar feed: what it shows by default (an appointment with a patient and a clinical note).
  const patient = await call('POST', `${api}/pazienti`, {
    token,
    body: {
      datiGenerali: {
        tipologiaPersona: 'FISICA',
        nome: 'Fabio',
        cognome: 'Cocco',
        sesso: 'U',
        codiceFiscale: 'CCCFBA80A01H501U',
        dataNascita: '01-01-1980',
        comuneNascita: 'Roma',
        provinciaNascita: 'RM',
        nazionalita: 'IT',
      },
      contatti: { cellulare: '+39 347 1234567', telefono: null, email: 'fabio@example.it', pec: null },
      residenza: { indirizzo: 'Via Garibaldi 7', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: true },
    },
  });
  const patientId = (patient.body as { response?: { id: string } }).response?.id;
  await call('POST', `${api}/events`, {
    token,
    body: {
      calendarId,
      summary: 'Cocco Fabio',
      note: 'diagnosi: lombalgia',
      pazienteId: patientId,
      start: '2026-11-24T09:00:00.000Z',
      end: '2026-11-24T10:00:00.000Z',
    },
  });
  const feed = await call('POST', `${api}/calendars/${calendarId}/feed`, { token });
  const feedUrl = (feed.body as { response?: { url?: string } }).response?.url;
  const ics = feedUrl ? await call('GET', feedUrl.startsWith('http') ? feedUrl : `${base}${feedUrl}`) : null;
  const icsText = typeof ics?.body === 'string' ? ics.body : '';
  line(
    '3. Published calendar feed, default content',
    'patient names and DESCRIPTION:diagnosi: …; any collaborator could publish',
    `feed ${feed.status}; .ics ${ics?.status}: patient name ${icsText.includes('Cocco') ? 'PRESENT' : 'absent'}, note ${icsText.includes('diagnosi') ? 'PRESENT' : 'absent'}, ${(icsText.match(/SUMMARY:[^\r\n]*/) ?? ['no SUMMARY'])[0]} (collaborator: see calendar-feed.int.test.ts)`,
  );

  // 4. The published demo account.
  const demo = await call('POST', `${api}/user/login`, {
    from: '127.0.0.21',
    body: { username: 'demo@studiolo.it', password: 'studiolo-demo-2026' },
  });
  line('4. demo@studiolo.it / studiolo-demo-2026', '200, seeded patients readable', `${demo.status} ${answerOf(demo)}`);

  // 5. A NUL in a patient's note, with a marker fiscal code; then the log.
  const marker = 'NLLMRK80A01H501T';
  const nul = await call('POST', `${api}/pazienti`, {
    token,
    body: {
      datiGenerali: {
        tipologiaPersona: 'FISICA',
        nome: 'Marcatore',
        cognome: 'Nullo',
        sesso: 'U',
        codiceFiscale: marker,
        dataNascita: '01-01-1980',
        comuneNascita: 'Roma',
        provinciaNascita: 'RM',
        nazionalita: 'IT',
        note: 'prima\u0000dopo',
      },
      contatti: { cellulare: null, telefono: null, email: 'nul\u0000@example.it', pec: null },
      residenza: { indirizzo: 'Via Garibaldi 7', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: true },
    },
  });
  const log = logFile ? readFileSync(logFile, 'utf8') : '';
  line(
    '5. NUL in a patient note and e-mail',
    '500, and the failed INSERT with name, surname and fiscal code in the log',
    `${nul.status} ${answerOf(nul)}; log ${logFile ? (log.includes(marker) || log.includes('Marcatore') ? 'HOLDS the patient' : 'holds neither the fiscal code nor the name') : 'not read'}`,
  );

  // 6. Twelve wrong passwords for the owner from one address, then the right one from another.
  const wrong: number[] = [];
  for (let i = 0; i < 12; i++)
    wrong.push(
      (
        await call('POST', `${api}/user/login`, {
          from: '127.0.0.30',
          body: { username: owner, password: 'sbagliata' },
        })
      ).status,
    );
  const right = await call('POST', `${api}/user/login`, { from: '127.0.0.31', body: { username: owner, password } });
  const again = await call('POST', `${api}/user/login`, {
    from: '127.0.0.30',
    body: { username: owner, password: 'sbagliata' },
  });
  line(
    '6. 12 wrong passwords from 127.0.0.30, then the right one from 127.0.0.31',
    'account locked 15 min: the right password gets 429',
    `wrong: ${wrong.join(' ')}; right from a clean address: ${right.status}; the attacker again: ${again.status}`,
  );

  // 7. Two reset links: the newer used, then the older.
  await call('POST', `${api}/user/resetPwd`, { from: '127.0.0.40', body: { email: owner } });
  const older = mailedLink(owner, 'resetPassword');
  await new Promise((r) => setTimeout(r, 1100));
  await call('POST', `${api}/user/resetPwd`, { from: '127.0.0.40', body: { email: owner } });
  const newer = mailedLink(owner, 'resetPassword');
  const useNewer = await call('POST', `${api}/user/changePwd`, { body: { token: newer, password: `${password}x` } });
  const useOlder = await call('POST', `${api}/user/changePwd`, { body: { token: older, password: `${password}y` } });
  line(
    '7. Two reset links, the newer used, then the older',
    'the older still changed the password',
    `newer ${useNewer.status}; older ${useOlder.status} ${answerOf(useOlder)}`,
  );

  // 8. Sign-up with a registered and a new address.
  const registered = await call('POST', `${api}/user/signup`, {
    from: '127.0.0.50',
    body: { email: owner, password: 'Altra-password-1!', nome: 'X', cognome: 'Y' },
  });
  const fresh = await call('POST', `${api}/user/signup`, {
    from: '127.0.0.50',
    body: {
      email: `nuovo-${randomBytes(3).toString('hex')}@example.it`,
      password: 'Altra-password-1!',
      nome: 'X',
      cognome: 'Y',
    },
  });
  line(
    '8. Sign-up, registered vs new address',
    '"Esiste già un account con questa email"',
    `registered ${registered.status} ${answerOf(registered)} (${registered.ms.toFixed(0)} ms); new ${fresh.status} ${answerOf(fresh)} (${fresh.ms.toFixed(0)} ms)`,
  );

  // 9. Source maps.
  const html = await call('GET', `${base}/`);
  const script = typeof html.body === 'string' ? html.body.match(/\/assets\/[^"']+\.js/)?.[0] : undefined;
  const map = script ? await call('GET', `${base}${script}.map`) : null;
  line(
    '9. Source map of the entry script',
    `/assets/index-*.js.map served, 2.1 MB`,
    `${script ?? 'no script'}.map → ${map?.status}`,
  );

  // 10. Sign-out on the server.
  const session = await call('POST', `${api}/user/login`, {
    from: '127.0.0.60',
    body: { username: owner, password: `${password}x` },
  });
  const sessionToken = (session.body as { response?: { token?: string } }).response?.token ?? '';
  const out = await call('POST', `${api}/user/logout`, { token: sessionToken });
  const after = await call('GET', `${api}/user/getUser`, { token: sessionToken });
  line(
    '10. The token after POST /user/logout',
    'no logout route; the token worked until it expired',
    `logout ${out.status}; the token then: ${after.status}`,
  );

  // 11. A signed token without exp.
  if (secret && sessionToken) {
    const fresh2 = await call('POST', `${api}/user/login`, {
      from: '127.0.0.61',
      body: { username: owner, password: `${password}x` },
    });
    const t = (fresh2.body as { response?: { token?: string } }).response?.token ?? '';
    const [h, p] = t.split('.');
    const claims = JSON.parse(Buffer.from(p as string, 'base64url').toString());
    delete claims.exp;
    const body = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const forgedToken = `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    const noExp = await call('GET', `${api}/user/getUser`, { token: forgedToken });
    line('11. A signed token without exp', 'accepted', `${noExp.status}`);
  }
};

await run();

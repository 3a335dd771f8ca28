import autocannon from 'autocannon';
const figuresOf = (target, r, opts) => ({
    url: target.url.replace(/^https?:\/\/[^/]+/, ''),
    method: target.method ?? 'GET',
    connections: opts.connections,
    durationS: opts.durationS,
    p50Ms: r.latency.p50,
    p90Ms: r.latency.p90,
    p99Ms: r.latency.p99,
    averageMs: Math.round(r.latency.average * 100) / 100,
    maxMs: r.latency.max,
    requestsPerSec: Math.round(r.requests.average * 10) / 10,
    completed: r.latency.totalCount,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
});
/** One autocannon run after a short warm-up (JIT, connection set-up, PGlite caches) whose figures are discarded. */
export const load = async (target, opts) => {
    const base = {
        url: target.url,
        method: target.method ?? 'GET',
        headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
        ...(target.body ? { body: target.body } : {}),
        connections: opts.connections,
        timeout: target.timeoutS ?? 10,
    };
    if (opts.warmupS > 0)
        await autocannon({ ...base, duration: opts.warmupS });
    const result = await autocannon({ ...base, duration: opts.durationS, title: target.name });
    const figures = figuresOf(target, result, opts);
    if (figures.ok2xx === 0) {
        throw new Error(`${target.name}: no 2xx answer (status codes ${JSON.stringify(figures.statusCodes)}, errors ${figures.errors})`);
    }
    return figures;
};
const postJson = async (url, body) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) };
};
/** Signs a user up (or logs in when it exists already) and returns its bearer token. */
export const ensureUser = async (baseUrl, user) => {
    const signup = await postJson(`${baseUrl}/app/api/user/signup`, {
        email: user.email,
        password: user.password,
        nome: 'Bench',
        cognome: 'Utente',
    });
    if (signup.status === 200)
        return signup.json.response.token;
    const login = await postJson(`${baseUrl}/app/api/user/login`, { username: user.email, password: user.password });
    if (login.status !== 200 || !login.json.response?.token) {
        throw new Error(`cannot sign up or log in ${user.email}: ${signup.status} ${JSON.stringify(signup.json)} / ${login.status} ${JSON.stringify(login.json)}`);
    }
    return login.json.response.token;
};
/** Sanity check before loading a route: one request must answer 200. */
export const expectOk = async (target) => {
    const res = await fetch(target.url, {
        method: target.method ?? 'GET',
        headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
        ...(target.body ? { body: target.body } : {}),
    });
    if (res.status !== 200)
        throw new Error(`${target.name}: expected 200, got ${res.status} ${await res.text()}`);
};

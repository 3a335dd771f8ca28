import type { FastifyInstance } from 'fastify';

export type ApiCall = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** The caller's address (the socket's), for the limits counted per address. */
  remoteAddress?: string;
};

export type ApiResult<T = unknown> = {
  status: number;
  body: {
    code: string;
    answer?: string | string[];
    response?: T;
    warnings?: string[];
    fields?: Record<string, string>;
  };
  headers: Record<string, unknown>;
};

/** Calls the API in-process; `url` is relative to /app/api. */
export const api = async <T = unknown>(app: FastifyInstance, call: ApiCall): Promise<ApiResult<T>> => {
  const res = await app.inject({
    method: call.method,
    url: `/app/api${call.url}`,
    ...(call.query ? { query: call.query } : {}),
    headers: {
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
  let body: ApiResult<T>['body'];
  try {
    body = res.json();
  } catch {
    body = { code: 'NOT_JSON', answer: res.body.slice(0, 200) };
  }
  return { status: res.statusCode, body, headers: res.headers };
};

/** Same, and fails the test with the answer when the status is not 2xx. */
export const apiOk = async <T = unknown>(app: FastifyInstance, call: ApiCall): Promise<T> => {
  const res = await api<T>(app, call);
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${call.method} ${call.url} → ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.response as T;
};

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chosenEncoding, createEventsAnswerCache } from './events-answer-cache.ts';

const at = (calendar: number, patients = 0) => ({ calendar: BigInt(calendar), patients: BigInt(patients) });
const text = (answer: { json: Buffer }) => answer.json.toString('utf8');

describe('events answer cache', () => {
  it('builds once per key and version, and again when the version moves', async () => {
    const cache = createEventsAnswerCache({ maxBytes: 1_000_000 });
    let builds = 0;
    const build = (value: string) => async () => {
      builds++;
      return { response: value };
    };
    expect(text(await cache.get('week', at(1), build('a')))).toBe('{"response":"a"}');
    expect(text(await cache.get('week', at(1), build('not built')))).toBe('{"response":"a"}');
    expect(builds).toBe(1);
    expect(text(await cache.get('week', at(2), build('b')))).toBe('{"response":"b"}');
    expect(text(await cache.get('week', at(2, 1), build('c')))).toBe('{"response":"c"}');
    expect(text(await cache.get('other week', at(2, 1), build('d')))).toBe('{"response":"d"}');
    expect(builds).toBe(4);
  });

  it('keeps the compressed answers equal to the plain one, Brotli the smallest', async () => {
    const cache = createEventsAnswerCache({ maxBytes: 1_000_000 });
    const events = Array.from({ length: 200 }, (_, i) => ({ id: i, summary: 'Seduta di fisioterapia' }));
    const answer = await cache.get('week', at(1), async () => ({ code: 'SUCCESS', response: events }));
    expect(gunzipSync(answer.gzip).equals(answer.json)).toBe(true);
    expect(brotliDecompressSync(answer.br).equals(answer.json)).toBe(true);
    expect(answer.gzip.byteLength).toBeLessThan(answer.json.byteLength / 5);
    expect(answer.br.byteLength).toBeLessThan(answer.gzip.byteLength);
  });

  it('lets concurrent callers share one build', async () => {
    const cache = createEventsAnswerCache({ maxBytes: 1_000_000 });
    let builds = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const build = async () => {
      builds++;
      await gate;
      return 'shared';
    };
    const calls = [cache.get('week', at(1), build), cache.get('week', at(1), build), cache.get('week', at(1), build)];
    release();
    const answers = await Promise.all(calls);
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('does not let a slow build at an older version replace a newer answer', async () => {
    const cache = createEventsAnswerCache({ maxBytes: 1_000_000 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = cache.get('week', at(1), async () => {
      await gate;
      return 'old';
    });
    await cache.get('week', at(2), async () => 'new');
    release();
    expect(text(await slow)).toBe('"old"'); // its own caller still gets what it asked for
    expect(text(await cache.get('week', at(2), async () => 'rebuilt'))).toBe('"new"');
  });

  it('drops the least recently used answers beyond its size, and does not keep one heavier than a quarter of it', async () => {
    const payload = 'x'.repeat(1000);
    const one = Buffer.byteLength(JSON.stringify(payload));
    // an answer weighs its JSON and a few dozen bytes compressed: four fit, a fifth does not
    const cache = createEventsAnswerCache({ maxBytes: 4.5 * one });
    const builds: string[] = [];
    const get = (key: string, value = payload) =>
      cache.get(key, at(1), async () => {
        builds.push(key);
        return value;
      });
    for (const key of ['a', 'b', 'c', 'd', 'a', 'e', 'a', 'b']) await get(key);
    expect(builds).toEqual(['a', 'b', 'c', 'd', 'e', 'b']); // a was used again before e came: b went

    // a year of a busy studio would push every week out: sent, not kept
    await get('year', 'y'.repeat(2000));
    await get('year', 'y'.repeat(2000));
    expect(builds.filter((k) => k === 'year')).toHaveLength(2);
    await get('a');
    expect(builds.filter((k) => k === 'a')).toHaveLength(1);
  });

  it('forgets a failed build, so the next caller tries again', async () => {
    const cache = createEventsAnswerCache({ maxBytes: 1_000_000 });
    await expect(cache.get('week', at(1), () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(text(await cache.get('week', at(1), async () => 'back'))).toBe('"back"');
  });
});

describe('chosenEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // Chromium over HTTPS
    ['gzip, deflate', 'gzip'], // Chromium over plain HTTP
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0', null],
    ['gzip;q=0.000, identity', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });
});

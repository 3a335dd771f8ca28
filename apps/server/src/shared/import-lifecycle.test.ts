import type { ImportTable } from '@studiolo/domain/imports';
import { describe, expect, it } from 'vitest';
import { type ImportRecord, previewCache, serialQueue } from './import-lifecycle.ts';

type Preview = { table: ImportTable; name: string };
/** A preview of a file of `rows` rows (the cache weighs previews by their rows). */
const preview = (name: string, rows: number): Preview => ({
  table: { format: 'csv', header: ['Cognome'], rows: Array.from({ length: rows }, () => ['Rossi']), rowNumbers: [] },
  name,
});

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

const record = (id: string, updatedAt = new Date('2027-03-10T09:00:00Z')): ImportRecord => ({
  id,
  status: 'PREVIEW',
  fileName: 'pazienti.csv',
  storageKey: `s/imports/${id}`,
  createdBy: 'u',
  createdByEmail: 'u@example.it',
  memberId: 'm',
  updatedAt,
  finishedAt: null,
});

describe('serialQueue', () => {
  it('runs one task at a time, in order, and goes on after one that fails', async () => {
    const run = serialQueue();
    const log: string[] = [];
    const task = (name: string, fail = false) =>
      run(async () => {
        log.push(`${name} starts`);
        await tick();
        log.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('runs a task asked for from inside a turn at once, instead of waiting for itself', async () => {
    const run = serialQueue();
    const log: string[] = [];
    const outer = run(async () => {
      log.push('upload starts');
      const inner = await run(async () => 'preview');
      log.push(`upload has its ${inner}`);
      return 'done';
    });
    const other = run(async () => {
      log.push('other upload');
      return 'other';
    });
    expect(await Promise.all([outer, other])).toEqual(['done', 'other']);
    expect(log).toEqual(['upload starts', 'upload has its preview', 'other upload']);
  });
});

describe('previewCache', () => {
  it('checks a version of an import once when two requests ask for it together, and again once it changed', async () => {
    const previews = previewCache<Preview>();
    let checks = 0;
    const check = async () => {
      checks++;
      await tick();
      return preview(`preview ${checks}`, 10);
    };
    const imp = record('1');
    const both = await Promise.all([previews.of(imp, check), previews.of(imp, check)]);
    expect(both.map((p) => p.name)).toEqual(['preview 1', 'preview 1']);
    expect(checks).toBe(1);
    const changed = record('1', new Date('2027-03-10T09:05:00Z'));
    expect((await previews.of(changed, check)).name).toBe('preview 2');
  });

  it('checks two imports one after the other, not side by side', async () => {
    const previews = previewCache<Preview>();
    const log: string[] = [];
    const check = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
      return preview(name, 10);
    };
    await Promise.all([previews.of(record('1'), check('1')), previews.of(record('2'), check('2'))]);
    expect(log).toEqual(['1 starts', '1 ends', '2 starts', '2 ends']);
  });

  it('keeps small previews side by side, and lets a file of the largest size push the older ones out', async () => {
    const previews = previewCache<Preview>();
    let checks = 0;
    const check = (rows: number) => async () => {
      checks++;
      return preview(`${rows}`, rows);
    };
    await previews.of(record('small-1'), check(1_000));
    await previews.of(record('small-2'), check(1_000));
    await previews.of(record('small-1'), check(1_000));
    expect(checks).toBe(2);
    await previews.of(record('large'), check(50_000));
    await previews.of(record('large-2'), check(50_000));
    expect(checks).toBe(4);
    // the first large one and the small ones made room: asked again, they are checked again
    await previews.of(record('large'), check(50_000));
    await previews.of(record('small-1'), check(1_000));
    expect(checks).toBe(6);
  });
});

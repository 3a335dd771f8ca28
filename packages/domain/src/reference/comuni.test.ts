import { describe, expect, it } from 'vitest';
import { comuneByBelfiore, comuni, comuniByCap, searchComuni } from './comuni.ts';

const names = (list: readonly { nome: string }[]) => list.map((c) => c.nome);

describe('comuni in force', () => {
  it('counts the comuni ISTAT lists since 2024 (7,896), each with province, catastral code and CAP', () => {
    expect(comuni.length).toBeGreaterThan(7850);
    expect(comuni.length).toBeLessThan(7950);
    for (const c of comuni) {
      expect(c.provincia).toMatch(/^[A-Z]{2}$/);
      expect(c.belfiore).toMatch(/^[A-M]\d{3}$/);
      expect(c.cap.length).toBeGreaterThan(0);
      for (const cap of c.cap) expect(cap).toMatch(/^\d{5}$/);
    }
    expect(new Set(comuni.map((c) => c.belfiore)).size).toBe(comuni.length);
  });

  it('knows Roma by its catastral code H501, with the street-level CAPs 00118 to 00199', () => {
    const roma = comuneByBelfiore('H501');
    expect(roma).toMatchObject({ nome: 'Roma', provincia: 'RM' });
    expect(roma?.cap).toContain('00118');
    expect(roma?.cap).toContain('00199');
    expect(roma?.cap.every((cap) => cap >= '00118' && cap <= '00199')).toBe(true);
  });

  it('knows Milano as F205 in MI, in any case', () => {
    expect(comuneByBelfiore('f205')).toMatchObject({ nome: 'Milano', provincia: 'MI' });
  });

  it('knows a small comune with its single CAP', () => {
    expect(comuneByBelfiore('A074')).toMatchObject({ nome: 'Agliè', provincia: 'TO', cap: ['10011'] });
    expect(searchComuni('Moncenisio')).toEqual([expect.objectContaining({ provincia: 'TO', cap: ['10050'] })]);
  });

  it('keeps accents and apostrophes in the names', () => {
    expect(comuneByBelfiore('D704')).toMatchObject({ nome: 'Forlì', provincia: 'FC', cap: ['47121', '47122'] });
    expect(names(searchComuni("Sant'Agata de' Goti"))).toEqual(["Sant'Agata de' Goti"]);
  });

  it('finds Forlì when typed without the accent, the exact name first', () => {
    expect(names(searchComuni('forli'))).toEqual(['Forlì', 'Forlì del Sannio', 'Forlimpopoli']);
    expect(names(searchComuni("FORLI'")).at(0)).toBe('Forlì');
  });

  it('ignores apostrophes and spaces, so "santagata" and "sant agata" find the same comuni', () => {
    const withApostrophe = names(searchComuni("sant'agata", 50));
    expect(withApostrophe.length).toBeGreaterThan(5);
    expect(names(searchComuni('santagata', 50))).toEqual(withApostrophe);
    expect(names(searchComuni('sant agata', 50))).toEqual(withApostrophe);
  });

  it('ranks the exact name first, then names starting with the text, then a later word, then anything containing it', () => {
    const found = names(searchComuni('lago', 50));
    expect(found.slice(0, 3)).toEqual(['Lago', 'Lagonegro', 'Lagosanto']);
    expect(found.indexOf('Castiglione del Lago')).toBeGreaterThan(2);
    expect(found.indexOf('Cislago')).toBeGreaterThan(found.indexOf('Tronzano Lago Maggiore'));
  });

  it('finds a comune by its name in the other official language', () => {
    expect(searchComuni('Bozen')).toEqual([expect.objectContaining({ nome: 'Bolzano', nomeAltraLingua: 'Bozen' })]);
  });

  it('returns at most the limit, and nothing for a blank text', () => {
    expect(searchComuni('san', 5)).toHaveLength(5);
    expect(searchComuni('a')).toHaveLength(20);
    expect(searchComuni('  ')).toEqual([]);
    expect(searchComuni("'")).toEqual([]);
  });

  it('lists the comuni that share a CAP', () => {
    expect(names(comuniByCap('00186'))).toEqual(['Roma']);
    expect(comuniByCap('10050').length).toBeGreaterThan(1);
    expect(comuniByCap('99999')).toEqual([]);
  });

  it('answers an autocomplete search in a few milliseconds at most', () => {
    searchComuni('warm up');
    const start = performance.now();
    for (let i = 0; i < 100; i++) searchComuni(i % 2 ? 'san giovanni' : 'mon');
    expect((performance.now() - start) / 100).toBeLessThan(5);
  });
});

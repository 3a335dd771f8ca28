import { describe, expect, it } from 'vitest';
import { birthplaceByBelfiore, statiEsteri } from './belfiore.ts';

describe('birthplace of a fiscal code', () => {
  it('decodes a comune in force with its province', () => {
    expect(birthplaceByBelfiore('H501')).toEqual({ kind: 'comune', nome: 'Roma', provincia: 'RM', soppresso: false });
    expect(birthplaceByBelfiore('f205')).toEqual({ kind: 'comune', nome: 'Milano', provincia: 'MI', soppresso: false });
  });

  it('decodes a comune merged away, whose code lives on in the fiscal codes of people born there', () => {
    // Abetone merged into Abetone Cutigliano (M376) on 1 January 2017.
    expect(birthplaceByBelfiore('A012')).toEqual({ kind: 'comune', nome: 'Abetone', provincia: 'PT', soppresso: true });
    expect(birthplaceByBelfiore('M376')).toMatchObject({ nome: 'Abetone Cutigliano', soppresso: false });
  });

  it('gives suppressed comuni Italian casing', () => {
    expect(birthplaceByBelfiore('A556')).toMatchObject({ nome: "Bagnasco d'Asti", soppresso: true });
    expect(birthplaceByBelfiore('F298')).toMatchObject({ nome: 'Mollières', soppresso: true });
  });

  it('decodes foreign states from their Z code', () => {
    expect(birthplaceByBelfiore('Z404')).toEqual({ kind: 'estero', nome: "Stati Uniti d'America", codAlpha2: 'US' });
    expect(birthplaceByBelfiore('Z133')).toEqual({ kind: 'estero', nome: 'Svizzera', codAlpha2: 'CH' });
    expect(birthplaceByBelfiore('Z114')).toEqual({ kind: 'estero', nome: 'Regno Unito', codAlpha2: 'GB' });
  });

  it('decodes former states, which have no country today', () => {
    expect(birthplaceByBelfiore('Z135')).toEqual({ kind: 'estero', nome: 'Unione Sovietica', codAlpha2: null });
  });

  it('answers null for a code no source knows', () => {
    expect(birthplaceByBelfiore('Z999')).toBeNull();
    expect(birthplaceByBelfiore('A000')).toBeNull();
    expect(birthplaceByBelfiore('')).toBeNull();
  });

  it('lists about 220 foreign states, each with a Z code', () => {
    expect(statiEsteri.length).toBeGreaterThan(200);
    for (const s of statiEsteri) expect(s.belfiore).toMatch(/^Z\d{3}$/);
    expect(statiEsteri.filter((s) => s.soppresso).map((s) => s.nome)).toContain('Cecoslovacchia');
  });
});

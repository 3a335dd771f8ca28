import { describe, expect, it } from 'vitest';
import { bodyChartInputSchema } from './body-charts.ts';
import { createZipPathNamer } from './export-paths.ts';

describe('allegati-pazienti ZIP paths', () => {
  it('puts each file in a folder named after its patient', () => {
    const pathOf = createZipPathNamer();
    expect(pathOf('p1', 'Rossi Mario', 'referto.pdf')).toBe('Rossi Mario/referto.pdf');
    expect(pathOf('p2', 'Bianchi Anna', 'rx.jpg')).toBe('Bianchi Anna/rx.jpg');
  });

  it('numbers a repeated file name inside one folder before its extension', () => {
    const pathOf = createZipPathNamer();
    expect(pathOf('p1', 'Rossi Mario', 'referto.pdf')).toBe('Rossi Mario/referto.pdf');
    expect(pathOf('p1', 'Rossi Mario', 'Referto.pdf')).toBe('Rossi Mario/Referto (2).pdf');
    expect(pathOf('p1', 'Rossi Mario', 'referto.pdf')).toBe('Rossi Mario/referto (3).pdf');
  });

  it('gives a second patient of the same name a folder of its own', () => {
    const pathOf = createZipPathNamer();
    expect(pathOf('p1', 'Rossi Mario', 'a.pdf')).toBe('Rossi Mario/a.pdf');
    expect(pathOf('p2', 'Rossi Mario', 'a.pdf')).toBe('Rossi Mario (2)/a.pdf');
    expect(pathOf('p1', 'Rossi Mario', 'b.pdf')).toBe('Rossi Mario/b.pdf');
  });

  it('applies the file-name rule to folder and file, and names a nameless patient', () => {
    const pathOf = createZipPathNamer();
    expect(pathOf('p1', 'Studio A/B: srl.', 'x<y>.pdf')).toBe('Studio A_B_ srl/x_y_.pdf');
    expect(pathOf('p2', '  ', 'CON')).toBe('Paziente senza nome/_CON');
  });
});

describe('body chart input', () => {
  const stroke = { color: 'red', size: 5, opacity: 70, points: [10, 10, 20, 20] };
  it('takes the spec’s colours, the three brush sizes and points inside the 999x666 image', () => {
    expect(bodyChartInputSchema.safeParse({ imageId: 2, strokes: [stroke] }).success).toBe(true);
    expect(bodyChartInputSchema.safeParse({ imageId: 2, strokes: [{ ...stroke, points: [999, 666] }] }).success).toBe(
      true,
    );
  });
  it('refuses another colour, another size, an odd point list and points outside the image', () => {
    for (const bad of [
      { ...stroke, color: 'pink' },
      { ...stroke, size: 6 },
      { ...stroke, points: [1, 2, 3] },
      { ...stroke, points: [1000, 10] },
      { ...stroke, points: [10, -1] },
    ])
      expect(bodyChartInputSchema.safeParse({ imageId: 2, strokes: [bad] }).success).toBe(false);
  });
});

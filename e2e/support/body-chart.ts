import type { Page } from '@playwright/test';

/** Draws one stroke on the open body chart, from and to fractions of the canvas's width and height. */
export const drawStroke = async (page: Page, from: [number, number], to: [number, number]) => {
  const canvas = page.getByTestId('body-chart-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const at = ([fx, fy]: [number, number]) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 12, y0 + ((y1 - y0) * i) / 12);
  await page.mouse.up();
};

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Keeps a full-page screenshot of what the person sees, per project (desktop, phone), to be looked at. */
export const screen = async (page: Page, info: TestInfo, name: string) => {
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${info.project.name}-${name}.png`), fullPage: true });
};

/** Where a downloaded document is kept beside the screenshots (and rendered with pdftoppm) to be looked at. */
export const screenshotFile = (info: TestInfo, name: string) => {
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${info.project.name}-${name}`);
};

export const uniqueEmail = (prefix = 'e2e') =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.it`;

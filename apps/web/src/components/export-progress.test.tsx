import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CsvDownloadProgress } from '../lib/download.ts';
import {
  ExportButton,
  ExportProgressPanel,
  type ExportProgressTexts,
  type ExportResult,
  useExportWithProgress,
} from './export-progress.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const texts: ExportProgressTexts = {
  preparing: 'Preparazione…',
  progress: (p) => `${p.rows} di ${p.total} righe`,
  done: (n) => `Esportate ${n} righe.`,
  failed: 'Esportazione non riuscita.',
  progressLabel: 'Avanzamento',
};

/** An export the test drives by hand: it reports progress, then finishes or fails when told. */
const manualExport = () => {
  const run = {
    report: (_p: CsvDownloadProgress) => {},
    finish: (_r: ExportResult) => {},
    fail: () => {},
  };
  const start = (onProgress: (p: CsvDownloadProgress) => void) =>
    new Promise<ExportResult>((resolve, reject) => {
      run.report = onProgress;
      run.finish = resolve;
      run.fail = () => reject(new Error('500'));
    });
  return { run, start };
};

const Harness = ({ start }: { start: (onProgress: (p: CsvDownloadProgress) => void) => Promise<ExportResult> }) => {
  const exporter = useExportWithProgress(start);
  return (
    <>
      <ExportButton icon={null} running={exporter.state.status === 'running'} onClick={() => void exporter.start()}>
        Esporta
      </ExportButton>
      <ExportProgressPanel state={exporter.state} texts={texts} onDismiss={exporter.dismiss} />
    </>
  );
};

describe('ExportProgressPanel with useExportWithProgress', () => {
  it('shows nothing until the export starts, then its progress, then how many records and the file', async () => {
    const { run, start } = manualExport();
    const { user } = renderWithProviders(<Harness start={start} />);
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Esporta' }));
    expect(screen.getByRole('status').textContent).toContain('Preparazione…');
    // no closing while it runs
    expect(screen.queryByRole('button', { name: 'Chiudi' })).toBeNull();

    act(() => run.report({ rows: 3, total: 4, percent: 75 }));
    expect(screen.getByText('3 di 4 righe')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avanzamento' }).getAttribute('aria-valuetext')).toBe('75%');

    await act(async () => run.finish({ count: 4, fileName: 'export-20261125.csv' }));
    expect(screen.getByText('Esportate 4 righe.')).toBeTruthy();
    expect(screen.getByText('File: export-20261125.csv')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avanzamento' }).getAttribute('aria-valuetext')).toBe('100%');
  });

  it('says the export failed, without a progress bar', async () => {
    const { run, start } = manualExport();
    const { user } = renderWithProviders(<Harness start={start} />);
    await user.click(screen.getByRole('button', { name: 'Esporta' }));
    await act(async () => run.fail());
    expect(screen.getByRole('status').textContent).toContain('Esportazione non riuscita.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('goes away when the user closes it', async () => {
    const { run, start } = manualExport();
    const { user } = renderWithProviders(<Harness start={start} />);
    await user.click(screen.getByRole('button', { name: 'Esporta' }));
    await act(async () => run.finish({ count: 1, fileName: null }));
    expect(screen.queryByText(/^File:/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

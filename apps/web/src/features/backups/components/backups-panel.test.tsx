import type { BackupsAnswer } from '@studiolo/domain/backups';
import { backupSettingsMessages } from '@studiolo/domain/backups';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { BackupsView, destinationText, backupsTexts as x } from './backups-panel.tsx';

vi.setConfig({ testTimeout: 20_000 });

const answer: BackupsAnswer = {
  available: true,
  reason: null,
  database: 'pglite',
  settings: { hour: 2, keepDays: 14 },
  destination: { kind: 'dir', path: '/srv/studiolo/backups' },
  listError: null,
  backups: [
    { name: 'studiolo-backup-20261127-010203.tar.gz', createdAt: '2026-11-27T01:02:03.000Z', sizeBytes: 5_642_336 },
    { name: 'studiolo-backup-20261126-010000.tar.gz', createdAt: '2026-11-26T01:00:00.000Z', sizeBytes: 2048 },
  ],
};

const view = (a: BackupsAnswer = answer) => {
  const calls = { take: vi.fn(), save: vi.fn(), download: vi.fn() };
  renderWithProviders(<BackupsView answer={a} onTake={calls.take} onSave={calls.save} onDownload={calls.download} />);
  return calls;
};

describe('BackupsView', () => {
  it('lists the backups with their date in Rome and size, and downloads the one asked for', () => {
    const calls = view();
    expect(screen.getByText('27-11-2026 02:02')).toBeTruthy();
    expect(screen.getByText('5,38 MB')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${x.download} il backup del 26-11-2026 02:00` }));
    expect(calls.download).toHaveBeenCalledWith('studiolo-backup-20261126-010000.tar.gz');
  });

  it('takes a backup now, and saves the hour and the days kept', () => {
    const calls = view();
    fireEvent.click(screen.getByRole('button', { name: x.takeNow }));
    expect(calls.take).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByRole('textbox', { name: x.hour }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('textbox', { name: x.keepDays }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: x.save }));
    expect(calls.save).toHaveBeenCalledWith({ hour: 4, keepDays: 30 });
  });

  it('does not save an hour out of 0–23, and says why', () => {
    const calls = view();
    fireEvent.change(screen.getByRole('textbox', { name: x.hour }), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: x.save }));
    expect(calls.save).not.toHaveBeenCalled();
    expect(screen.getByText('L’ora deve essere un numero intero da 0 a 23')).toBeTruthy();
  });

  it('says where the backups go: a directory of the server, or a bucket', () => {
    view();
    expect(
      screen.getByText('I backup sono salvati nella cartella /srv/studiolo/backups di questo server.'),
    ).toBeTruthy();
    expect(screen.getByText(x.copyAway)).toBeTruthy();
  });

  it('in a bucket, names it and its folder, and says when it does not answer', () => {
    const destination = {
      kind: 's3' as const,
      bucket: 'studio-rossi',
      prefix: 'studiolo/backups/',
      endpoint: 'https://s3.eu-south-1.wasabisys.com',
    };
    view({ ...answer, destination, backups: [], listError: backupSettingsMessages.unreachable });
    expect(
      screen.getByText(
        'I backup sono salvati nel bucket S3 «studio-rossi» su s3.eu-south-1.wasabisys.com, nella cartella studiolo/backups/.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(x.inBucket)).toBeTruthy();
    expect(screen.getByText(backupSettingsMessages.unreachable)).toBeTruthy();
    expect(screen.queryByText(x.empty)).toBeNull();
    expect(destinationText({ ...destination, endpoint: null })).toBe(
      'I backup sono salvati nel bucket S3 «studio-rossi», nella cartella studiolo/backups/.',
    );
  });

  it('says an empty list plainly', () => {
    view({ ...answer, backups: [] });
    expect(screen.getByText(x.empty)).toBeTruthy();
  });

  it('on PostgreSQL explains the database’s own tools instead, with no button', () => {
    view({ ...answer, available: false, reason: backupSettingsMessages.postgres, database: 'postgres', backups: [] });
    expect(screen.getByText(backupSettingsMessages.postgres)).toBeTruthy();
    expect(screen.queryByRole('button', { name: x.takeNow })).toBeNull();
  });
});

import { signatureMessages as m, type SignatureRequest } from '@studiolo/domain/signature';
import { screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { SignatureLinkDialog, signatureQrOptions } from './signature-link-dialog.tsx';
import { VerifyContactsDialog } from './verify-contacts-dialog.tsx';

const request = (extra: Partial<SignatureRequest> = {}): SignatureRequest => ({
  id: 'b0000000-0000-4000-8000-000000000001',
  pazienteId: 'c0000000-0000-4000-8000-000000000001',
  linkId: 'A'.repeat(43),
  signUrl: `http://localhost:3000/sign?id=${'A'.repeat(43)}`,
  status: 'PENDING',
  cellulare: '347 1234567',
  email: 'giulia@example.it',
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-12-09T10:00:00.000Z',
  signedAt: null,
  revokedAt: null,
  signer: null,
  documents: [],
  smsSent: false,
  ...extra,
});

describe('VerifyContactsDialog ("Verifica contatti")', () => {
  it('prefills the patient contacts, shows the note on simple vs advanced signature and confirms them', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <VerifyContactsDialog
        opened
        initial={{ cellulare: '347 1234567', email: 'giulia@example.it' }}
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    expect(await screen.findByText('Verifica contatti')).toBeTruthy();
    expect((screen.getByLabelText(/Cellulare/) as HTMLInputElement).value).toBe('347 1234567');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('giulia@example.it');
    expect(screen.getByText(m.contactsNote)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(onConfirm).toHaveBeenCalledWith({ cellulare: '347 1234567', email: 'giulia@example.it' });
  });

  it('refuses an empty or invalid phone and a bad e-mail with the Italian messages', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <VerifyContactsDialog
        opened
        initial={{ cellulare: '', email: 'non-una-mail' }}
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Conferma' }));
    expect(screen.getByText(m.cellulareRequired)).toBeTruthy();
    expect(screen.getByText('Email non valida')).toBeTruthy();
    await user.type(screen.getByLabelText(/Cellulare/), 'abc');
    expect(screen.getByText('Numero non valido')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels with Annulla', async () => {
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <VerifyContactsDialog opened initial={{ cellulare: '1', email: '' }} onCancel={onCancel} onConfirm={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Annulla' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('SignatureLinkDialog', () => {
  it('shows a 256 px QR code (error correction M) of /sign?id=, the link and that code and link went to the phone', async () => {
    renderWithProviders(<SignatureLinkDialog request={request()} onClose={vi.fn()} />);
    const img = (await screen.findByRole('img', { name: 'Codice QR del link di firma' })) as HTMLImageElement;
    expect(signatureQrOptions).toMatchObject({ width: 256, errorCorrectionLevel: 'M' });
    expect(img.getAttribute('src')).toBe(await QRCode.toDataURL(request().signUrl, signatureQrOptions));
    expect(screen.getByRole('link', { name: request().signUrl })).toBeTruthy();
    expect(screen.getByText(new RegExp(m.linkSent))).toBeTruthy();
    // the local outbox sends nothing: the dialog says so
    expect(screen.getByText(/NON è stato inviato/)).toBeTruthy();
  });

  it('does not warn when a provider sent the SMS', async () => {
    renderWithProviders(<SignatureLinkDialog request={request({ smsSent: true })} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Codice QR del link di firma' })).toBeTruthy());
    expect(screen.queryByText(/NON è stato inviato/)).toBeNull();
  });
});

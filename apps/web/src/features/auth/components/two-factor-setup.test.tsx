import { screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const otpauthUrl = `otpauth://totp/Studiolo:elena%40studio.it?secret=${secret}&issuer=Studiolo&algorithm=SHA1&digits=6&period=30`;

// the server's answer to POST /user/2fa/setup, already arrived
vi.mock('../api/setup-2fa.ts', () => ({
  useSetupTwoFactor: () => ({
    isIdle: false,
    isPending: false,
    isError: false,
    data: { secret, otpauthUrl },
    mutate: vi.fn(),
  }),
}));
vi.mock('../api/enable-2fa.ts', () => ({ useEnableTwoFactor: () => ({ isPending: false, mutate: vi.fn() }) }));

const qrAlt = "Codice QR da inquadrare con l'app di autenticazione";

describe('TwoFactorSetup', () => {
  it('shows a QR code of the otpauth address to scan with the authenticator app', async () => {
    renderWithProviders(<TwoFactorSetup onEnabled={vi.fn()} />);
    const qr = (await screen.findByRole('img', { name: qrAlt })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // the very image of the otpauth address, with the spec's settings (error correction M, 256 px)
    expect(qr.getAttribute('src')).toBe(
      await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', width: 256, margin: 1 }),
    );
    expect(qr.getAttribute('width')).toBe('256');
    expect(
      screen.getByText("Inquadra il codice con l'app di autenticazione, oppure inserisci la chiave a mano."),
    ).toBeTruthy();
  });

  it('keeps the key to type by hand, its copy button and the link that opens the app', async () => {
    renderWithProviders(<TwoFactorSetup onEnabled={vi.fn()} />);
    await screen.findByRole('img', { name: qrAlt });
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('button', { name: 'Copia chiave' })).toBeTruthy();
    expect(screen.getByTestId('totp-url').textContent).toBe(otpauthUrl);
    expect(screen.getByRole('link', { name: "aprire direttamente l'app" }).getAttribute('href')).toBe(otpauthUrl);
  });
});

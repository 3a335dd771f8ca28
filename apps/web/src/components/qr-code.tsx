import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

type QrState = { value: string; src: string } | { value: string; failed: true } | null;

/**
 * A QR code of `value` as a PNG image named `label`, drawn in the browser (no request leaves the page; the CSP allows
 * img data: URLs). Error correction M and a one-module margin, as the spec's signature QR. The image is `size` px wide
 * and shrinks with its container, never wider than the screen; pixels stay sharp when the browser scales it.
 */
export const QrCode = ({ value, size = 256, label }: { value: string; size?: number; label: string }) => {
  const [state, setState] = useState<QrState>(null);

  useEffect(() => {
    let current = true;
    // the encoder (about 9 kB gzip) is fetched when a QR code is first drawn, not with the page (issue 17 item 11)
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(value, { errorCorrectionLevel: 'M', width: size, margin: 1 }))
      .then(
        (src) => {
          if (current) setState({ value, src });
        },
        (error: unknown) => {
          // a value too long for a QR code: say so, and leave the rest of the page (a key to type, a link) usable
          console.error('QR code not generated', error);
          if (current) setState({ value, failed: true });
        },
      );
    return () => {
      current = false;
    };
  }, [value, size]);

  const box = { width: size, maxWidth: '100%', aspectRatio: '1 / 1' } as const;
  // an image of a previous value never stands for the new one
  if (!state || state.value !== value) return <Box style={box} aria-hidden data-testid="qr-code-pending" />;
  if ('failed' in state) {
    return (
      <Text size="sm" c="dimmed">
        Codice QR non disponibile.
      </Text>
    );
  }
  return (
    <img
      src={state.src}
      alt={label}
      width={size}
      height={size}
      style={{ ...box, height: 'auto', display: 'block', imageRendering: 'pixelated' }}
    />
  );
};

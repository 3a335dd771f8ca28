import { Box, Button, Group } from '@mantine/core';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { signatureTexts as t } from './signature-texts.ts';

export type SignaturePadHandle = {
  isEmpty: boolean;
  clear: () => void;
  /** The drawing as a PNG with a transparent background, cropped to nothing: the server fits it on the line. */
  toBlob: () => Promise<Blob | null>;
};

/**
 * A handwritten-signature pad (issue 15 part 5): pointer events, so finger, pen and mouse alike; the canvas keeps the
 * device's pixel ratio so the stroke stays sharp on phones. No library: about 60 lines do it.
 */
export const useSignaturePad = () => {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [isEmpty, setEmpty] = useState(true);
  const clear = useCallback(() => {
    const c = canvasRef.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setEmpty(true);
  }, []);
  const toBlob = useCallback(
    () =>
      new Promise<Blob | null>((resolve) =>
        canvasRef.current ? canvasRef.current.toBlob(resolve, 'image/png') : resolve(null),
      ),
    [],
  );
  return { canvasRef, isEmpty, setEmpty, clear, toBlob };
};

export const SignaturePad = ({ pad, label }: { pad: ReturnType<typeof useSignaturePad>; label: string }) => {
  const drawing = useRef(false);
  const { canvasRef, setEmpty } = pad;

  useEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = c.getBoundingClientRect();
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0d1b5e';
  }, [canvasRef]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    ctx?.beginPath();
    ctx?.moveTo(p.x, p.y);
    ctx?.lineTo(p.x + 0.1, p.y + 0.1);
    ctx?.stroke();
    setEmpty(false);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
  };
  const up = () => {
    drawing.current = false;
  };

  return (
    <Box>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerLeave={up}
        w="100%"
        h={180}
        style={{
          display: 'block',
          touchAction: 'none',
          border: '1px dashed var(--mantine-color-gray-6)',
          borderRadius: 8,
          background: 'white',
          cursor: 'crosshair',
        }}
      />
      <Group justify="flex-end" mt={4}>
        <Button variant="subtle" size="xs" onClick={pad.clear} disabled={pad.isEmpty}>
          {t.clear}
        </Button>
      </Group>
    </Box>
  );
};

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
 * The drawing cut to its strokes plus a small margin: the server fits the image in the signature box keeping its
 * aspect ratio, so blank canvas around a small signature would make it tiny on the line.
 */
const cropToInk = (canvas: HTMLCanvasElement): HTMLCanvasElement => {
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0 || canvas.height === 0) return canvas;
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((data[(y * width + x) * 4 + 3] ?? 0) > 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (maxX < 0) return canvas;
  const pad = Math.round(Math.max(width, height) * 0.02);
  const [x0, y0] = [Math.max(0, minX - pad), Math.max(0, minY - pad)];
  const [w, h] = [Math.min(width, maxX + pad + 1) - x0, Math.min(height, maxY + pad + 1) - y0];
  // at most 1000 px wide: placing the image in the PDF costs with its size (decision 028)
  const scale = Math.min(1, 1000 / w);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(w * scale));
  out.height = Math.max(1, Math.round(h * scale));
  out.getContext('2d')?.drawImage(canvas, x0, y0, w, h, 0, 0, out.width, out.height);
  return out;
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
  const toBlob = useCallback(() => {
    const c = canvasRef.current;
    const cropped = c ? cropToInk(c) : null;
    return new Promise<Blob | null>((resolve) => (cropped ? cropped.toBlob(resolve, 'image/png') : resolve(null)));
  }, []);
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
    e.currentTarget.setPointerCapture?.(e.pointerId);
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

import {
  Button,
  ColorSwatch,
  Group,
  NativeSelect,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  type BodyChart,
  type BodyChartStroke,
  bodyChartBrushSizes,
  bodyChartCanvas,
  bodyChartColors,
  bodyChartDefaults,
  bodyChartImages,
} from '@studiolo/domain/clinical';
import { IconArrowBackUp, IconDeviceFloppy, IconEraser } from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useSaveBodyChart } from '../api/body-charts.ts';
import { BodyChartSurface } from './body-chart-drawing.tsx';

/** Texts of the body chart tool (decided: the spec names colours, sizes and opacity, not the labels). */
export const bodyChartTexts = {
  image: 'Immagine',
  title: 'Titolo',
  titlePlaceholder: 'Es. Dolore lombare',
  colour: 'Colore',
  size: 'Dimensione',
  opacity: 'Opacità',
  undo: 'Annulla',
  clear: 'Cancella tutto',
  save: 'Salva',
  cancel: 'Chiudi',
  canvas: 'Area di disegno del body chart',
  hint: 'Disegna con il mouse, il dito o la penna.',
} as const;

/** The evaluation or diary entry a new chart is drawn from. */
export type BodyChartOrigin = { valutazioneId: string } | { diarioId: string };

type Brush = { color: BodyChartStroke['color']; size: BodyChartStroke['size']; opacity: number };

/** Points closer than this (canvas pixels) to the last one are skipped: smooth lines, small records. */
const minStep = 1.5;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The drawing tool (spec part 1 §9; issue 16 item 4): an image, nine colours, three brushes, opacity (default 70),
 * undo and clear. Pointer events serve mouse, finger and pen alike; points are kept in the image's own 999x666
 * space, so the drawing comes back exactly as drawn at any screen size.
 */
export const BodyChartEditor = ({
  pazienteId,
  chart,
  origin,
  onSaved,
  onClose,
}: {
  pazienteId: string;
  chart: BodyChart | null;
  origin?: BodyChartOrigin | undefined;
  onSaved: (chart: BodyChart) => void;
  onClose: () => void;
}) => {
  const pickable = bodyChartImages.filter((i) => i.showOnPicker || i.id === chart?.imageId);
  const [imageId, setImageId] = useState<number>(chart?.imageId ?? pickable[0]?.id ?? 2);
  const [title, setTitle] = useState(chart?.title ?? '');
  const [strokes, setStrokes] = useState<BodyChartStroke[]>(chart?.strokes ?? []);
  const [current, setCurrent] = useState<BodyChartStroke | null>(null);
  const [brush, setBrush] = useState<Brush>({
    color: bodyChartDefaults.color,
    size: bodyChartDefaults.size,
    opacity: bodyChartDefaults.opacity,
  });
  const drawingPointer = useRef<number | null>(null);
  const save = useSaveBodyChart();

  const pointOf = (e: ReactPointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * bodyChartCanvas.width;
    const y = ((e.clientY - box.top) / box.height) * bodyChartCanvas.height;
    return [
      round1(Math.min(bodyChartCanvas.width, Math.max(0, x))),
      round1(Math.min(bodyChartCanvas.height, Math.max(0, y))),
    ] as const;
  };

  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (drawingPointer.current !== null || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawingPointer.current = e.pointerId;
    setCurrent({ ...brush, points: [...pointOf(e)] });
  };
  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (drawingPointer.current !== e.pointerId) return;
    const [x, y] = pointOf(e);
    setCurrent((s) => {
      if (!s) return s;
      const lx = s.points[s.points.length - 2] ?? x;
      const ly = s.points[s.points.length - 1] ?? y;
      if (Math.hypot(x - lx, y - ly) < minStep) return s;
      return { ...s, points: [...s.points, x, y] };
    });
  };
  const onPointerUp = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (drawingPointer.current !== e.pointerId) return;
    drawingPointer.current = null;
    setCurrent((s) => {
      if (s) setStrokes((all) => [...all, s]);
      return null;
    });
  };

  const submit = async () => {
    const saved = await save.mutateAsync({
      pazienteId,
      id: chart?.id ?? null,
      input: {
        imageId: imageId as BodyChart['imageId'],
        title: title.trim() || null,
        note: chart?.note ?? null,
        strokes,
        valutazioneId: chart ? chart.valutazioneId : origin && 'valutazioneId' in origin ? origin.valutazioneId : null,
        diarioId: chart ? chart.diarioId : origin && 'diarioId' in origin ? origin.diarioId : null,
      },
    });
    onSaved(saved);
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {pickable.length > 1 && (
          <NativeSelect
            label={bodyChartTexts.image}
            value={String(imageId)}
            onChange={(e) => setImageId(Number(e.currentTarget.value))}
            data={pickable.map((i) => ({ value: String(i.id), label: i.title }))}
            style={{ flex: '1 1 200px' }}
          />
        )}
        <TextInput
          label={bodyChartTexts.title}
          placeholder={bodyChartTexts.titlePlaceholder}
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
        />
      </Group>

      <Group gap="md" align="center" wrap="wrap">
        <Group gap={6} role="radiogroup" aria-label={bodyChartTexts.colour} wrap="wrap">
          {bodyChartColors.map((c) => (
            <Tooltip key={c.key} label={c.label}>
              <ColorSwatch
                component="button"
                type="button"
                role="radio"
                aria-checked={brush.color === c.key}
                aria-label={c.label}
                color={c.hex}
                size={30}
                onClick={() => setBrush((b) => ({ ...b, color: c.key }))}
                style={{
                  cursor: 'pointer',
                  outline: brush.color === c.key ? '3px solid var(--mantine-color-brand-7, #006b5f)' : undefined,
                  outlineOffset: 2,
                  border: '1px solid #adb5bd',
                }}
              />
            </Tooltip>
          ))}
        </Group>
        <SegmentedControl
          aria-label={bodyChartTexts.size}
          value={String(brush.size)}
          onChange={(v) => setBrush((b) => ({ ...b, size: Number(v) as Brush['size'] }))}
          data={bodyChartBrushSizes.map((s) => ({ value: String(s.size), label: s.label }))}
          size="xs"
        />
        <Stack gap={2} style={{ flex: '1 1 160px', maxWidth: 240 }}>
          <Text size="xs" id="body-chart-opacity-label">
            {bodyChartTexts.opacity}: {brush.opacity}%
          </Text>
          <Slider
            thumbLabel={bodyChartTexts.opacity}
            min={10}
            max={100}
            step={5}
            value={brush.opacity}
            onChange={(v) => setBrush((b) => ({ ...b, opacity: v }))}
            label={null}
          />
        </Stack>
      </Group>

      {/* as large as the screen allows with the toolbar and the buttons still in view (3:2, the image's shape) */}
      <div
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 8,
          overflow: 'hidden',
          width: '100%',
          maxWidth: 'max(320px, calc((100dvh - 370px) * 1.5))',
          margin: '0 auto',
        }}
      >
        <BodyChartSurface
          imageId={imageId}
          strokes={strokes}
          current={current}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          label={bodyChartTexts.canvas}
        />
      </div>
      <Text size="xs" c="dimmed">
        {bodyChartTexts.hint}
      </Text>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            disabled={strokes.length === 0}
            onClick={() => setStrokes((s) => s.slice(0, -1))}
          >
            {bodyChartTexts.undo}
          </Button>
          <Button
            variant="default"
            leftSection={<IconEraser size={18} aria-hidden />}
            disabled={strokes.length === 0}
            onClick={() => setStrokes([])}
          >
            {bodyChartTexts.clear}
          </Button>
        </Group>
        <Group gap="xs">
          <Button variant="subtle" onClick={onClose}>
            {bodyChartTexts.cancel}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={save.isPending}
            onClick={() => void submit().catch(() => undefined)}
          >
            {bodyChartTexts.save}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
};

import { type BodyChartStroke, bodyChartCanvas, bodyChartColors, bodyChartImages } from '@studiolo/domain/clinical';
import type { PointerEvent as ReactPointerEvent } from 'react';

const hexOf = Object.fromEntries(bodyChartColors.map((c) => [c.key, c.hex])) as Record<
  BodyChartStroke['color'],
  string
>;

/** The SVG path of a stroke's points (a dot when it has only one). */
export const strokePath = (points: readonly number[]) => {
  if (points.length < 2) return '';
  let d = `M${points[0]},${points[1]}`;
  if (points.length === 2) return `${d} l0.01,0`;
  for (let i = 2; i < points.length; i += 2) d += ` L${points[i]},${points[i + 1]}`;
  return d;
};

/** The strokes as vector paths in the 999x666 space: the same drawing at any size, as it was drawn. */
export const BodyChartStrokes = ({ strokes }: { strokes: readonly BodyChartStroke[] }) => (
  <>
    {strokes.map((s, i) => (
      <path
        // strokes never move: the index is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        key={i}
        d={strokePath(s.points)}
        fill="none"
        stroke={hexOf[s.color]}
        strokeOpacity={s.opacity / 100}
        strokeWidth={s.size}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ))}
  </>
);

export type BodyChartSurfaceProps = {
  imageId: number;
  strokes: readonly BodyChartStroke[];
  /** The stroke being drawn, shown on top. */
  current?: BodyChartStroke | null;
  /** Pointer handlers: present when the chart is being drawn on. */
  onPointerDown?: (e: ReactPointerEvent<SVGSVGElement>) => void;
  onPointerMove?: (e: ReactPointerEvent<SVGSVGElement>) => void;
  onPointerUp?: (e: ReactPointerEvent<SVGSVGElement>) => void;
  label: string;
};

/** The body image with the strokes over it, scaled to the width it is given (999:666). */
export const BodyChartSurface = ({
  imageId,
  strokes,
  current,
  onPointerDown,
  onPointerMove,
  onPointerUp,
  label,
}: BodyChartSurfaceProps) => {
  const image = bodyChartImages.find((i) => i.id === imageId) ?? bodyChartImages[0];
  const drawing = Boolean(onPointerDown);
  return (
    <svg
      viewBox={`0 0 ${bodyChartCanvas.width} ${bodyChartCanvas.height}`}
      role="img"
      aria-label={label}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        // a finger or pen draws instead of scrolling the page
        touchAction: drawing ? 'none' : 'auto',
        cursor: drawing ? 'crosshair' : 'default',
        background: '#fff',
        userSelect: 'none',
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      data-testid={drawing ? 'body-chart-canvas' : undefined}
    >
      <image href={image.src} x={0} y={0} width={bodyChartCanvas.width} height={bodyChartCanvas.height} />
      <BodyChartStrokes strokes={strokes} />
      {current && <BodyChartStrokes strokes={[current]} />}
    </svg>
  );
};

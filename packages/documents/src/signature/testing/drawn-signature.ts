import { crc32, deflateSync } from 'node:zlib';

/**
 * A stand-in for a signature drawn on the /sign page: a dark blue scribble on a transparent background, RGBA PNG
 * (what a canvas's toDataURL('image/png') gives), 600x200 by default.
 */
export const drawnSignaturePng = (width = 600, height = 200): Buffer => {
  const rgba = Buffer.alloc(width * height * 4);
  const ink = (x: number, y: number) => {
    for (let dy = -3; dy <= 3; dy++)
      for (let dx = -3; dx <= 3; dx++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height || dx * dx + dy * dy > 9) continue;
        rgba.set([20, 40, 120, 255], (py * width + px) * 4);
      }
  };
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = width * (0.05 + 0.9 * t);
    ink(x, height * (0.5 + 0.3 * Math.sin(t * 18) * Math.cos(t * 5)));
    if (t > 0.2 && t < 0.8) ink(x, height * 0.88);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.concat([Buffer.from([0]), rgba.subarray(y * width * 4, (y + 1) * width * 4)]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

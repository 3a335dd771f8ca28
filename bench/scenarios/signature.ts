/**
 * PAdES signature (issue 15 part 6 target): signPdf on a one-page consent, p50 and p95 under 150 ms. The consent is
 * built by the form-template generator, the drawn signature placed on its line first (timed apart), then signed with
 * a self-signed RSA 2048 identity (PAdES B-B: no timestamp authority here), sequentially on this thread; the last
 * signed file is checked by verifySignedPdf (timed apart too), and so is the identity's creation.
 * Part `signature` of `npm run bench` (BENCH_ONLY=signature); writes bench/results/signature.json.
 * Options: BENCH_SIGNATURE_RUNS (200; 20 with BENCH_QUICK=1)
 */
import {
  buildFormTemplatePdf,
  createSigningIdentity,
  placeHandwrittenSignature,
  signPdf,
  verifySignedPdf,
} from '@studiolo/documents';
import { drawnSignaturePng } from '../../packages/documents/src/signature/testing/drawn-signature.ts';
import { percentileOf } from '../harness/closed-loop.ts';
import { quick, saveResults } from '../harness/results.ts';

const runs = Number(process.env.BENCH_SIGNATURE_RUNS ?? (quick ? 20 : 200));
const warmup = quick ? 2 : 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

const timed = async <T>(n: number, fn: () => Promise<T>) => {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    last: last as T,
    figures: {
      runs: n,
      p50Ms: round2(percentileOf(times, 50)),
      p95Ms: round2(percentileOf(times, 95)),
      maxMs: round2(times.at(-1) ?? 0),
    },
  };
};

export const runSignature = async ({ log }: { log: (s: string) => void }) => {
  const t0 = performance.now();
  const identity = await createSigningIdentity({ commonName: 'Studio Bench', organization: 'Studiolo' });
  const identityMs = Math.round(performance.now() - t0);

  const consent = await buildFormTemplatePdf({
    title: 'Consenso informato',
    html: '<h2>Consenso al trattamento</h2><p>Io sottoscritto/a <strong>Mario Rossi</strong>, nato a Forlì il 10-12-1985, acconsento al trattamento fisioterapico proposto.</p><ul><li>Ho ricevuto le informazioni.</li><li>Posso revocare il consenso.</li></ul>',
    date: '25-11-2026',
  });
  const image = drawnSignaturePng();
  const place = await timed(Math.max(20, Math.round(runs / 4)), () => placeHandwrittenSignature(consent, { image }));
  const withSignature = place.last;
  const sign = await timed(runs, () =>
    signPdf(withSignature, {
      identity,
      reason: 'Firma del modulo "Consenso informato"',
      signerName: 'Mario Rossi',
      location: 'Forlì',
    }),
  );
  const verify = await timed(Math.max(20, Math.round(runs / 4)), () => verifySignedPdf(sign.last));
  const signature = verify.last.signatures[0];
  const valid = Boolean(signature?.intact && signature.coversWholeDocument && !verify.last.modifiedAfterSigning);

  log(`  self-signed identity (RSA 2048) created in ${identityMs} ms`);
  log(`  handwritten signature placed: p50 ${place.figures.p50Ms} ms p95 ${place.figures.p95Ms} ms`);
  log(
    `  signPdf (PAdES B-B) on a one-page consent of ${consent.length} bytes: p50 ${sign.figures.p50Ms} ms p95 ${sign.figures.p95Ms} ms (${runs} runs)`,
  );
  log(
    `  verifySignedPdf: p50 ${verify.figures.p50Ms} ms p95 ${verify.figures.p95Ms} ms, signature ${valid ? 'intact' : 'NOT INTACT'}`,
  );
  return saveResults('signature', {
    consentBytes: consent.length,
    signedBytes: sign.last.length,
    identityMs,
    placeHandwrittenSignature: place.figures,
    signPdf: sign.figures,
    verifySignedPdf: verify.figures,
    signedFileIntact: valid,
    targets: { signUnder150ms: sign.figures.p95Ms < 150 && valid },
  });
};

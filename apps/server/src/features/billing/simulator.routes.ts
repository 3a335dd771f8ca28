import { billingMessages as m } from '@studiolo/domain/billing';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsSimulator } from '../../adapters/payments/local.ts';
import type { PaymentEvent } from '../../adapters/payments/payments.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';

const sessionParams = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^cs_local_[A-Za-z0-9_]+$/),
});
const portalParams = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^bps_local_[A-Za-z0-9_]+$/),
});
const webhookUrl = '/app/api/stripe-integration/webhook';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const euro = (cents: number | null) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format((cents ?? 0) / 100);

/** A page of the simulator: plain HTML of the app's own, labelled everywhere as a test that charges nothing. */
const page = (title: string, body: string) => `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Studiolo</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.banner{background:#fff3bf;border:1px solid #fab005;border-radius:8px;padding:12px 14px;font-weight:600;margin-bottom:16px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#495057;font-size:.9rem}
.amount{font-size:2rem;font-weight:700;margin:16px 0}
.field{border:1px dashed #adb5bd;border-radius:8px;padding:12px;color:#495057;margin:12px 0;font-size:.9rem}
button{width:100%;padding:14px;border:0;border-radius:8px;background:#1c7ed6;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button.danger{background:#e03131}
a{color:#1c7ed6}.actions{margin-top:14px;text-align:center}
table{width:100%;border-collapse:collapse;font-size:.9rem}td{padding:6px 0;border-bottom:1px solid #e9ecef}
</style></head><body><main>
<div class="banner" role="status">Modalità di prova: ${escapeHtml(m.simulatorLabel)}</div>
${body}
</main></body></html>`;

/** Posts the events to the webhook endpoint as the provider would: same route, same signature check. */
const deliver = async (fastify: FastifyInstance, simulator: PaymentsSimulator, events: PaymentEvent[]) => {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const res = await fastify.inject({
      method: 'POST',
      url: webhookUrl,
      headers: { 'content-type': 'application/json', 'stripe-signature': await simulator.sign(payload) },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`simulated webhook answered ${res.statusCode}`);
  }
};

const html = (reply: FastifyReply, body: string) =>
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The local payment simulator's pages (decision 037), served only without provider keys: a Checkout page whose
 * "Paga" sends the same signed events to the same webhook, and a portal page. Public like the provider's own pages:
 * the random session id (30 minutes) is the only key, and paying with it only ever credits the studio that made it.
 */
export const registerSimulatorRoutes = (fastify: FastifyInstance, deps: AppDeps, simulator: PaymentsSimulator) => {
  void deps;
  fastify.register(async (scope) => {
    // the page's form posts an empty form body: accepted and not read
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];

    app.get(
      '/stripe-integration/simulator/checkout/:id',
      { schema: { tags, params: sessionParams, produces: ['text/html'] }, config: { access: { public: true } } },
      async (req, reply) => {
        const s = simulator.session(req.params.id);
        if (!s) throw new AppError('NOT_FOUND', m.checkoutExpired);
        const p = s.price;
        const what =
          p.metadata.kind === 'sms'
            ? `${p.metadata.qty} crediti SMS per i promemoria`
            : `Abbonamento mensile, si rinnova ogni mese`;
        return html(
          reply,
          page(
            'Pagamento di prova',
            `<div class="card"><p class="muted">Studiolo – pagamento di prova</p>
<h1>${escapeHtml(p.productName)}</h1><p class="muted">${escapeHtml(what)}</p>
<div class="amount">${euro(p.unitAmount)}${p.interval ? '<span class="muted"> / mese</span>' : ''}</div>
<div class="field">Carta: nessuna carta richiesta, ${escapeHtml(m.simulatorLabel)}.</div>
<form method="post" action="${escapeHtml(simulator.checkoutPath(s.id))}/pay"><button type="submit">Paga</button></form>
<p class="actions"><a href="${escapeHtml(s.cancelUrl)}">Annulla e torna a Studiolo</a></p></div>`,
          ),
        );
      },
    );

    app.post(
      '/stripe-integration/simulator/checkout/:id/pay',
      { schema: { tags, params: sessionParams }, config: { access: { public: true } } },
      async (req, reply) => {
        const s = simulator.session(req.params.id);
        const events = s && simulator.pay(req.params.id);
        if (!s || !events) throw new AppError('NOT_FOUND', m.checkoutExpired);
        await deliver(fastify, simulator, events);
        return reply.redirect(s.successUrl, 303);
      },
    );

    app.get(
      '/stripe-integration/simulator/portal/:id',
      { schema: { tags, params: portalParams, produces: ['text/html'] }, config: { access: { public: true } } },
      async (req, reply) => {
        const p = simulator.portal(req.params.id);
        if (!p) throw new AppError('NOT_FOUND', m.checkoutExpired);
        const rows = p.invoices
          .map(
            (i) =>
              `<tr><td>${escapeHtml(i.number ?? i.id)}</td><td>${escapeHtml(i.description ?? '')}</td><td>${euro(i.amountPaid)}</td></tr>`,
          )
          .join('');
        const sub = p.subscription
          ? `<p>Abbonamento attivo: <strong>${escapeHtml(p.subscription.price.productName)}</strong></p>
<form method="post" action="${escapeHtml(req.url.split('?')[0] ?? '')}/cancel"><button class="danger" type="submit">Annulla abbonamento</button></form>`
          : '<p class="muted">Nessun abbonamento attivo in questa sessione di prova.</p>';
        return html(
          reply,
          page(
            'Gestisci pagamenti (prova)',
            `<div class="card"><h1>Gestisci pagamenti</h1><p class="muted">Portale di prova: nessuna carta salvata.</p>
${sub}<h2 style="font-size:1rem;margin-top:20px">Ricevute di prova</h2>
${rows ? `<table>${rows}</table>` : '<p class="muted">Nessuna ricevuta.</p>'}
<p class="actions"><a href="${escapeHtml(p.returnUrl)}">Torna a Studiolo</a></p></div>`,
          ),
        );
      },
    );

    app.post(
      '/stripe-integration/simulator/portal/:id/cancel',
      { schema: { tags, params: portalParams }, config: { access: { public: true } } },
      async (req, reply) => {
        const p = simulator.portal(req.params.id);
        const events = p && simulator.cancel(req.params.id);
        if (!p || !events) throw new AppError('NOT_FOUND', m.checkoutExpired);
        await deliver(fastify, simulator, events);
        return reply.redirect(p.returnUrl, 303);
      },
    );
  });
};

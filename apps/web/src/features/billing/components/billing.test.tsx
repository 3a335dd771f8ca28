import type { StripePrice, SubscriptionSummary } from '@studiolo/domain/billing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { BillingOverview, type BillingOverviewProps } from './billing-overview.tsx';
import { SubscriptionRecap } from './subscription-recap.tsx';

const summary = (over: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  plan: 'PRO',
  stripeSubStatus: 'active',
  stripeSubEndDate: '2026-12-27T10:00:00.000Z',
  overdue: false,
  provider: 'stripe',
  hasCustomer: true,
  referralCreditCents: 0,
  ...over,
});
const plan = (p: 'BASIC' | 'PRO' | 'UNLIMITED', cents: number): StripePrice => ({
  id: `price_${p}`,
  productName: p,
  unitAmount: cents,
  unitAmountDecimal: String(cents),
  currency: 'eur',
  interval: 'month',
  metadata: { kind: 'plan', plan: p },
});
const plans = [plan('BASIC', 1900), plan('PRO', 3900), plan('UNLIMITED', 6900)];

const renderOverview = (over: Partial<BillingOverviewProps> = {}) => {
  const props: BillingOverviewProps = {
    summary: summary(),
    plans,
    invoices: [],
    checkoutOutcome: null,
    onChoose: vi.fn(),
    choosingPriceId: null,
    onPortal: vi.fn(),
    portalPending: false,
    ...over,
  };
  return { ...renderWithProviders(<BillingOverview {...props} />), props };
};

describe('SubscriptionRecap (spec part 2 §2)', () => {
  it('shows EARLY_ADOPTERS as UNLIMITED and TRIAL as BASIC, with a link to /billing', () => {
    const { rerender } = renderWithProviders(
      <SubscriptionRecap summary={{ plan: 'EARLY_ADOPTERS', overdue: false }} />,
    );
    expect(screen.getByText('UNLIMITED')).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/billing');
    rerender(<SubscriptionRecap summary={{ plan: 'TRIAL', overdue: false }} />);
    expect(screen.getByText('BASIC')).toBeTruthy();
    expect(screen.queryByText('Scaduto')).toBeNull();
  });

  it("shows the 'Scaduto' badge when the subscription is overdue", () => {
    renderWithProviders(<SubscriptionRecap summary={{ plan: 'PRO', overdue: true }} />);
    expect(screen.getByText('Scaduto')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rinnova' })).toBeTruthy();
  });
});

describe('BillingOverview (/billing)', () => {
  it('lists the plans with their monthly price and marks the current one', () => {
    renderOverview();
    expect(screen.getByText('19,00 €')).toBeTruthy();
    expect(screen.getByText('39,00 €')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Piano attuale' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Passa a UNLIMITED' })).toBeTruthy();
  });

  it('starts the Checkout of the chosen plan and opens the portal from "Gestisci pagamenti"', async () => {
    const { user, props } = renderOverview({
      summary: summary({ plan: 'TRIAL', stripeSubStatus: null, stripeSubEndDate: null }),
    });
    await user.click(screen.getByRole('button', { name: 'Scegli BASIC' }));
    expect(props.onChoose).toHaveBeenCalledWith('price_BASIC');
    await user.click(screen.getByRole('button', { name: 'Gestisci pagamenti' }));
    expect(props.onPortal).toHaveBeenCalled();
  });

  it('changes the plan of a live subscription in the portal, never with a second Checkout', async () => {
    const { user, props } = renderOverview();
    await user.click(screen.getByRole('button', { name: 'Passa a UNLIMITED' }));
    expect(props.onPortal).toHaveBeenCalled();
    expect(props.onChoose).not.toHaveBeenCalled();
  });

  it("says 'Scaduto' and that the data stay readable when the subscription lapsed; every plan can be chosen again", () => {
    renderOverview({ summary: summary({ stripeSubStatus: 'canceled', overdue: true }) });
    expect(screen.getByText('Scaduto')).toBeTruthy();
    expect(screen.getByText(/restano consultabili ed esportabili/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scegli PRO' })).toBeTruthy();
  });

  it('labels the local simulator: a test payment, nothing charged', () => {
    renderOverview({ summary: summary({ provider: 'simulator' }) });
    expect(
      within(screen.getByTestId('simulator-notice')).getByText(/pagamento di prova, nessun addebito/),
    ).toBeTruthy();
  });

  it('shows the referral credit earned, and only when there is some', () => {
    renderOverview({ summary: summary({ referralCreditCents: 5000 }) });
    expect(screen.getByTestId('referral-credit').textContent).toBe(
      'Credito Invita un amico: 50,00\u00a0€, scalato automaticamente dalle prossime fatture dell’abbonamento',
    );
  });

  it('says nothing about referral credit before there is any', () => {
    renderOverview();
    expect(screen.queryByTestId('referral-credit')).toBeNull();
  });

  it('keeps "Gestisci pagamenti" off before the first payment, and lists the invoices after', () => {
    const { rerender } = renderOverview({
      summary: summary({ plan: 'TRIAL', stripeSubStatus: null, stripeSubEndDate: null, hasCustomer: false }),
    });
    expect(screen.getByRole('button', { name: 'Gestisci pagamenti' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Prova gratuita/)).toBeTruthy();
    rerender(
      <BillingOverview
        summary={summary()}
        plans={plans}
        invoices={[
          {
            id: 'in_1',
            number: 'A-0001',
            created: '2026-11-27T10:00:00.000Z',
            amountPaid: 3900,
            amountDue: 3900,
            currency: 'eur',
            status: 'paid',
            description: 'Studiolo Pro',
            hostedInvoiceUrl: null,
            pdfUrl: 'https://example.test/in_1.pdf',
          },
        ]}
        checkoutOutcome="ok"
        onChoose={vi.fn()}
        choosingPriceId={null}
        onPortal={vi.fn()}
        portalPending={false}
      />,
    );
    expect(screen.getByText('A-0001')).toBeTruthy();
    expect(screen.getByText('Pagamento completato')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scarica' }).getAttribute('href')).toBe('https://example.test/in_1.pdf');
  });
});

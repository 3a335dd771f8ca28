import { isSubscriptionOverdue, type SubscriptionPlan, type SubscriptionState } from './subscription.ts';

/**
 * What a plan unlocks beyond the core of the product (decision 037). The core (patients, calendar, clinical record,
 * invoices with SDI and Sistema TS, forms and signatures, online booking, SMS reminders with bought credit, exports)
 * is in every plan; reading and exporting a studio's own data is never gated by plan or by payment.
 */
export const planFeatures = ['google-calendar'] as const;
export type PlanFeature = (typeof planFeatures)[number];

export const planFeatureLabels: Record<PlanFeature, string> = {
  'google-calendar': 'Sincronizzazione con Google Calendar',
};

/** How many staff members (besides the owner) each plan allows; null for no limit (decision 037). */
export const staffSeats: Record<SubscriptionPlan, number | null> = {
  TRIAL: null,
  BASIC: 3,
  PRO: 10,
  UNLIMITED: null,
  EARLY_ADOPTERS: null,
};

const featuresOf: Record<SubscriptionPlan, readonly PlanFeature[]> = {
  // the free trial lets a new studio try everything (it shows as BASIC, the plan it starts from: spec part 2 §2)
  TRIAL: planFeatures,
  BASIC: [],
  PRO: ['google-calendar'],
  UNLIMITED: planFeatures,
  EARLY_ADOPTERS: planFeatures,
};

/** The features each purchasable plan lists on /billing. */
export const planHighlights: Record<'BASIC' | 'PRO' | 'UNLIMITED', readonly string[]> = {
  BASIC: [
    'Fino a 3 collaboratori',
    'Pazienti, calendario e cartella clinica',
    'Fatture elettroniche (SDI) e Sistema TS',
    'Moduli, firme e prenotazioni online',
    'Promemoria SMS con credito a pacchetti',
  ],
  PRO: ['Tutto di Basic', 'Fino a 10 collaboratori', planFeatureLabels['google-calendar']],
  UNLIMITED: ['Tutto di Pro', 'Collaboratori illimitati'],
};

/**
 * The plan whose features a studio has now: its own while the subscription holds; BASIC once it is overdue (the
 * extras stop, nothing of its data is locked); the trial's while it never subscribed (no end date).
 */
export const effectivePlan = (plan: SubscriptionPlan, state: SubscriptionState, now: Date): SubscriptionPlan => {
  if (state.endDate === null) return plan;
  return isSubscriptionOverdue(state, now) ? 'BASIC' : plan;
};

/** Whether `plan` (an effective plan) unlocks `feature`. */
export const planIncludes = (plan: SubscriptionPlan, feature: PlanFeature): boolean =>
  featuresOf[plan].includes(feature);

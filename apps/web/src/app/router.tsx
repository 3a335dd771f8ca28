import type { Permission } from '@studiolo/domain/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { configureHttp } from '../lib/http.ts';
import type { RouteAccess } from './layout/access.ts';
import { PageLoader } from './layout/page-loader.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

/** The permission a page of the shell asks of the role; AppLayout shows "Non hai accesso" without it. */
const access = (permission: Permission): RouteAccess => ({ permission });

// Every page is its own chunk (GUIDE §5: code-split per route).
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      // the landing page for a visitor, the app for a signed-in browser (issue 38, decision 047)
      { index: true, lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomePage }) },
      { path: 'welcome', lazy: async () => ({ Component: (await import('./routes/welcome.tsx')).WelcomePage }) },
      {
        path: 'landing-page',
        lazy: async () => ({ Component: (await import('./routes/landing-page.tsx')).LandingPage }),
      },
      {
        path: 'documenti-legali',
        lazy: async () => ({ Component: (await import('./routes/documenti-legali.tsx')).LegalDocumentsPage }),
      },
      { path: 'sign', lazy: async () => ({ Component: (await import('./routes/sign.tsx')).SignPage }) },
      {
        path: 'verifica-firma',
        lazy: async () => ({ Component: (await import('./routes/verifica-firma.tsx')).VerifySignaturePage }),
      },
      { path: 'prenota', lazy: async () => ({ Component: (await import('./routes/prenota.tsx')).BookingPage }) },
      {
        path: 'prenota/annulla',
        lazy: async () => ({ Component: (await import('./routes/prenota-annulla.tsx')).BookingCancelPage }),
      },
      {
        path: 'appuntamento',
        lazy: async () => ({ Component: (await import('./routes/appuntamento.tsx')).ReminderLinkPage }),
      },
      {
        path: 'prenota/:slug',
        lazy: async () => ({ Component: (await import('./routes/prenota-studio.tsx')).StudioBookingPage }),
      },
      {
        path: 'prenota/:slug/informativa',
        lazy: async () => ({
          Component: (await import('./routes/prenota-informativa.tsx')).StudioPatientNoticePage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import('./layout/auth-layout.tsx')).AuthLayout }),
        children: [
          { path: 'signIn', lazy: async () => ({ Component: (await import('./routes/sign-in.tsx')).SignInPage }) },
          { path: 'signUp', lazy: async () => ({ Component: (await import('./routes/sign-up.tsx')).SignUpPage }) },
          {
            path: 'forgotPassword',
            lazy: async () => ({ Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordPage }),
          },
          {
            path: 'confirmationPassword',
            lazy: async () => ({
              Component: (await import('./routes/confirmation-password.tsx')).ConfirmationPasswordPage,
            }),
          },
          {
            path: 'verificaEmail',
            lazy: async () => ({ Component: (await import('./routes/verifica-email.tsx')).VerifyEmailPage }),
          },
          {
            path: 'resetPassword',
            lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordPage }),
          },
        ],
      },
      {
        // Signed in, with or without a studio.
        lazy: async () => ({ Component: (await import('./layout/require-token.tsx')).RequireToken }),
        children: [
          {
            path: 'on-boarding',
            lazy: async () => ({ Component: (await import('./routes/on-boarding.tsx')).OnBoardingPage }),
          },
          { path: 'invito', lazy: async () => ({ Component: (await import('./routes/invito.tsx')).InvitePage }) },
          {
            path: 'admin/avviso',
            lazy: async () => ({ Component: (await import('./routes/admin-avviso.tsx')).BannerAdminPage }),
          },
        ],
      },
      {
        // The main app: signed in and with a studio, inside the shell.
        lazy: async () => ({ Component: (await import('./layout/app-layout.tsx')).AppLayout }),
        children: [
          {
            path: 'customers',
            handle: access('patient:read'),
            lazy: async () => ({ Component: (await import('./routes/customers.tsx')).CustomersPage }),
          },
          {
            path: 'customers/add',
            handle: access('patient:write'),
            lazy: async () => ({ Component: (await import('./routes/customers-add.tsx')).CustomerAddPage }),
          },
          {
            path: 'calendar',
            handle: access('calendar:read'),
            lazy: async () => ({ Component: (await import('./routes/calendar.tsx')).CalendarPage }),
          },
          {
            path: 'calendar/settings',
            handle: access('calendar:write'),
            lazy: async () => ({ Component: (await import('./routes/calendar-settings.tsx')).CalendarSettingsPage }),
          },
          {
            path: 'billing',
            handle: access('billing:manage'),
            lazy: async () => ({ Component: (await import('./routes/billing.tsx')).BillingPage }),
          },
          {
            path: 'accounting',
            handle: access('invoice:read'),
            lazy: async () => ({ Component: (await import('./routes/accounting.tsx')).AccountingPage }),
          },
          {
            path: 'accounting/fattura',
            handle: access('invoice:read'),
            lazy: async () => ({ Component: (await import('./routes/accounting-fattura.tsx')).InvoicePage }),
          },
          {
            path: 'accounting/fattura/pdf',
            handle: access('invoice:read'),
            lazy: async () => ({ Component: (await import('./routes/accounting-fattura-pdf.tsx')).InvoicePdfPage }),
          },
          {
            path: 'accounting/proforma',
            handle: access('invoice:read'),
            lazy: async () => ({ Component: (await import('./routes/accounting-fattura.tsx')).ProformaPage }),
          },
          {
            path: 'financial-analytics',
            handle: access('analytics:read'),
            lazy: async () => ({
              Component: (await import('./routes/financial-analytics.tsx')).FinancialAnalyticsPage,
            }),
          },
          {
            path: 'modulistica-v2',
            handle: access('forms:read'),
            lazy: async () => ({ Component: (await import('./routes/modulistica.tsx')).ModulisticaPage }),
          },
          {
            path: 'modulistica-v2/form-template-editor',
            handle: access('forms:read'),
            lazy: async () => ({
              Component: (await import('./routes/form-template-editor.tsx')).FormTemplateEditorPage,
            }),
          },
          {
            path: 'impostazioni',
            handle: access('settings:read'),
            lazy: async () => ({ Component: (await import('./routes/impostazioni.tsx')).SettingsPage }),
          },
        ],
      },
      // Any unknown path: sign-in (spec part 1 §2), which forwards a signed-in user to the app.
      { path: '*', element: <Navigate to="/signIn" replace /> },
    ],
  },
];

export const createAppRouter = () => {
  const router = createBrowserRouter(routes);
  // The 401 sign-out redirect goes through the router: no page reload, state kept clean.
  configureHttp({ navigate: (to) => void router.navigate(to, { replace: true }) });
  return router;
};

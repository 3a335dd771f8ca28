/**
 * What each path of the router needs before its first screen, for the build to announce in index.html (issue 27,
 * decision 027): the lazy modules its match loads (layout and page, relative to src/app; the build adds their static
 * imports) and the API GETs the page asks first. `public/preload-route.js` reads the build's table as the HTML arrives and
 * fetches them all at once, instead of the entry discovering the route's code and the page then asking its data.
 * router.test.tsx checks that every path of the router is here and every module exists.
 */
const authLayout = 'layout/auth-layout.tsx';
const requireToken = 'layout/require-token.tsx';
const appLayout = 'layout/app-layout.tsx';

/**
 * The signed-in shell's own data: the user (the role, the studio) and the studio (its name in the header). A page's
 * GETs are listed as the app sends them (lib/http.ts's query order); one that depends on today's date is left to the
 * page. An answer nobody takes (another role's page, a changed query) is dropped: only the round trip is lost.
 */
const shellData = ['/user/getUser', '/studio'];

/** `public`: a page anyone opens, whose data is asked whether or not a session is stored (as the app asks it). */
export type RoutePreload = { modules: readonly string[]; data?: readonly string[]; public?: true };

export const routePreloads: Record<string, RoutePreload> = {
  '/': { modules: ['routes/home.tsx'], data: ['/plans'], public: true },
  '/welcome': { modules: ['routes/welcome.tsx'] },
  '/landing-page': { modules: ['routes/landing-page.tsx'], data: ['/plans'], public: true },
  '/documenti-legali': { modules: ['routes/documenti-legali.tsx'], data: ['/legal/documents'], public: true },
  '/sign': { modules: ['routes/sign.tsx'] },
  '/verifica-firma': { modules: ['routes/verifica-firma.tsx'] },
  '/prenota': { modules: ['routes/prenota.tsx'] },
  // matched by its pattern (preload-route.js fills :slug from the path): the studio's page asks its data with its code
  '/prenota/:slug': { modules: ['routes/prenota-studio.tsx'], data: ['/booking/:slug'], public: true },
  '/prenota/:slug/informativa': {
    modules: ['routes/prenota-informativa.tsx'],
    data: ['/booking/:slug'],
    public: true,
  },
  '/prenota/annulla': { modules: ['routes/prenota-annulla.tsx'] },
  // the patient's page of a reminder's link (decision 036)
  '/appuntamento': { modules: ['routes/appuntamento.tsx'] },
  '/signIn': { modules: [authLayout, 'routes/sign-in.tsx'] },
  '/signUp': { modules: [authLayout, 'routes/sign-up.tsx'] },
  '/forgotPassword': { modules: [authLayout, 'routes/forgot-password.tsx'] },
  '/confirmationPassword': { modules: [authLayout, 'routes/confirmation-password.tsx'] },
  '/verificaEmail': { modules: [authLayout, 'routes/verifica-email.tsx'] },
  '/resetPassword': { modules: [authLayout, 'routes/reset-password.tsx'] },
  '/on-boarding': { modules: [requireToken, 'routes/on-boarding.tsx'] },
  '/invito': { modules: [requireToken, 'routes/invito.tsx'] },
  '/admin/avviso': {
    modules: [requireToken, 'routes/admin-avviso.tsx'],
    data: ['/user/getUser', '/global-notifications'],
  },
  '/customers': {
    modules: [appLayout, 'routes/customers.tsx'],
    data: [...shellData, '/v2/pazienti?page=0&size=25', '/pazienti/tags'],
  },
  '/customers/add': { modules: [appLayout, 'routes/customers-add.tsx'], data: [...shellData, '/pazienti/tags'] },
  '/calendar': {
    // the grid is the page's content (lazy in calendar-screen.tsx, so other pages' dialogs do not carry it)
    modules: [appLayout, '../features/calendar/components/calendar-grid.tsx', 'routes/calendar.tsx'],
    data: [...shellData, '/calendars', '/staff', '/settings', '/products', '/pazienti/tags'],
  },
  '/calendar/settings': {
    modules: [appLayout, 'routes/calendar-settings.tsx'],
    data: [...shellData, '/products', '/settings'],
  },
  '/billing': { modules: [appLayout, 'routes/billing.tsx'], data: shellData },
  '/accounting': {
    modules: [appLayout, 'routes/accounting.tsx'],
    data: [
      ...shellData,
      '/documento-contabile/fattura/invoicing-years',
      '/documento-contabile?page=0&size=25&direction=DESC',
      '/settings',
    ],
  },
  '/accounting/fattura': {
    modules: [appLayout, 'routes/accounting-fattura.tsx'],
    data: [...shellData, '/settings', '/products', '/casse-previdenziali'],
  },
  '/accounting/fattura/pdf': { modules: [appLayout, 'routes/accounting-fattura-pdf.tsx'], data: shellData },
  '/accounting/proforma': { modules: [appLayout, 'routes/accounting-fattura.tsx'], data: shellData },
  '/financial-analytics': {
    modules: [appLayout, 'routes/financial-analytics.tsx'],
    data: [...shellData, '/pazienti/tags'],
  },
  '/modulistica-v2': { modules: [appLayout, 'routes/modulistica.tsx'], data: [...shellData, '/form-template/all'] },
  '/modulistica-v2/form-template-editor': {
    // the template's text is the page's content: its editor travels with the page's code, not after it
    modules: [
      appLayout,
      '../features/form-templates/components/rich-text-field.tsx',
      'routes/form-template-editor.tsx',
    ],
    data: shellData,
  },
  '/impostazioni': { modules: [appLayout, 'routes/impostazioni.tsx'], data: shellData },
};

import { reloadSession } from '../../lib/session.ts';

/** The studio of the component tests' signed-in user. */
export const testStudioId = '11111111-1111-4111-8111-111111111111';

/** GET /user/getUser for the component tests: the owner of testStudioId. */
export const testUser = {
  id: '22222222-2222-4222-8222-222222222222',
  username: 'giulia@studio.it',
  nome: 'Giulia',
  cognome: 'Bianchi',
  idsStudio: [testStudioId],
  role: 'ROLE_USER',
  studioRole: 'ROLE_USER',
  totpEnabled: false,
  emailVerified: true,
  subscription: { plan: 'TRIAL' },
  supportMode: null,
};

/** Stores testUser's session, as signing in does, so that the components' queries run. */
export const signInTestUser = () => {
  localStorage.setItem('studiolo.user', JSON.stringify({ token: 't', username: testUser.username }));
  reloadSession();
};

/** Prints docs/roles.md from packages/domain/src/shared/permissions.ts (the table the server enforces). */
import {
  permissionLabels,
  permissions,
  roleLabels,
  rolePermissions,
  roles,
} from '../packages/domain/src/shared/index.ts';

export const renderRolesTable = (): string => {
  const head = `| Permesso | ${roles.map((r) => `${r}<br>${roleLabels[r]}`).join(' | ')} |`;
  const sep = `|---|${roles.map(() => ':-:').join('|')}|`;
  const rows = permissions.map(
    (p) =>
      `| ${permissionLabels[p]} (\`${p}\`) | ${roles.map((r) => (rolePermissions[r].includes(p) ? '✓' : '—')).join(' | ')} |`,
  );
  return [
    '# Ruoli e permessi',
    '',
    'Generato da `packages/domain/src/shared/permissions.ts` con `node scripts/roles-table.ts > docs/roles.md`; un test verifica che sia aggiornato.',
    'Il server applica questa tabella a ogni rotta (`config.access.permission`) e la suite `role-matrix` la verifica rotta per rotta.',
    '',
    '- **ROLE_USER** è il titolare che ha creato lo studio; **ROLE_STAFF_*** sono i membri invitati dal titolare.',
    '- **ROLE_ADMIN**, **ROLE_DEV**, **ROLE_CONTENT_MANAGER** sono persone della piattaforma: dentro uno studio agiscono solo in modalità support (ActAs + ActAsSecret, solo ADMIN e DEV), con i permessi dell’utente impersonato; ogni richiesta è registrata nel registro attività.',
    '- Gli elementi di un altro studio rispondono 404; una funzione non concessa al ruolo risponde 403.',
    '- La cartella clinica (valutazioni, diario dei trattamenti, questionari di esito e le loro esportazioni) richiede `clinical:read`: il Contabile vede l’anagrafica del paziente ma mai le note cliniche. Ogni lettura e modifica della cartella è scritta negli accessi alla cartella, che chi ha `audit:read` legge nella scheda del paziente (Accessi) e nel registro attività (filtro “Cartella clinica”); decisione 029.',
    '',
    head,
    sep,
    ...rows,
    '',
  ].join('\n');
};

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderRolesTable());

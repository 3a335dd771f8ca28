// `npm run backup` and `npm run restore FILE` (decision 041): the embedded database and its files, from the command line.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { backupSettingsMessages } from '@studiolo/domain/backups';
import { loadConfig } from '../../config/env.ts';
import { createDatabase } from '../../db/client.ts';
import { BackupRefused, pruneBackups, restoreBackup, takeBackup } from './backup-archive.ts';
import { backupDirOf, readBackupSettings } from './backups.service.ts';
import { dataDirHolder } from './data-dir-lock.ts';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.ceil(bytes / 1024)} kB`;

const refuseIfHeld = (dataDir: string) => {
  const pid = dataDirHolder(dataDir);
  if (pid)
    throw new BackupRefused(
      `Il server Studiolo è in esecuzione (processo ${pid}) e tiene aperta la cartella dei dati ${dataDir}. ` +
        'Esegui il backup da Impostazioni › Backup, oppure ferma il server e riprova.',
    );
};

const backup = async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) throw new BackupRefused(backupSettingsMessages.postgres);
  const dataDir = path.resolve(config.DATA_DIR);
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupRefused(`Nella cartella dei dati ${dataDir} non c'è un database di Studiolo da salvare.`);
  refuseIfHeld(dataDir);
  const database = await createDatabase({ dataDir });
  try {
    const connection = database.jobQueueConnection;
    if (!('pglite' in connection)) throw new Error('not the embedded database');
    const client = connection.pglite;
    const backupDir = backupDirOf(config);
    const taken = await takeBackup({
      client,
      dataDir,
      includeFiles: config.STORAGE_DRIVER === 'local',
      backupDir,
      now: () => new Date(),
    });
    const settings = await readBackupSettings(config);
    const pruned = await pruneBackups(backupDir, settings.keepDays, new Date());
    const rows = Object.values(taken.manifest.database.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup eseguito: ${path.join(backupDir, taken.name)} (${sizeText(taken.sizeBytes)}; ${rows} righe, ${taken.manifest.files.length} file).`,
    );
    if (pruned.length) console.log(`Eliminati ${pruned.length} backup più vecchi di ${settings.keepDays} giorni.`);
  } finally {
    await database.close();
  }
};

const restore = async (file: string | undefined) => {
  if (!file) throw new BackupRefused('Indica il file del backup: npm run restore <file>.');
  const config = loadConfig();
  if (config.DATABASE_URL) throw new BackupRefused(backupSettingsMessages.postgres);
  const dataDir = path.resolve(config.DATA_DIR);
  refuseIfHeld(dataDir);
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const restored = await restoreBackup(source, dataDir);
  const rows = Object.values(restored.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Ripristino completato in ${dataDir}: backup del ${restored.manifest.createdAt}, ${rows} righe e ${restored.manifest.files.length} file verificati.`,
  );
  if (config.STORAGE_DRIVER === 's3')
    console.log('I file caricati sono nello storage S3: non fanno parte di questo backup.');
};

const [command, arg] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(arg);
  else throw new BackupRefused('Uso: npm run backup, oppure npm run restore <file>.');
} catch (err) {
  console.error(err instanceof BackupRefused ? err.message : err);
  process.exit(1);
}

// `npm run backup` and `npm run restore FILE` (decision 041): the embedded database and its files, from the command line.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { backupSettingsMessages } from '@studiolo/domain/backups';
import { loadConfig } from '../../config/env.ts';
import { createDatabase } from '../../db/client.ts';
import { BackupRefused, isEmptyDir, pruneBackups, restoreBackup, takeBackup } from './backup-archive.ts';
import { type BackupDestination, backupDestinationOf, fetchBackup } from './backup-destination.ts';
import { readBackupSettings } from './backups.service.ts';
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
    const destination = backupDestinationOf(config);
    const taken = await takeBackup({
      client,
      dataDir,
      includeFiles: config.STORAGE_DRIVER === 'local',
      backupDir: destination.workDir,
      taken: (await destination.list()).map((b) => b.name),
      now: () => new Date(),
    });
    await destination.store(taken.name, path.join(destination.workDir, taken.name));
    const settings = await readBackupSettings(destination);
    const pruned = await pruneBackups(destination, settings.keepDays, new Date());
    const rows = Object.values(taken.manifest.database.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup eseguito: ${whereText(destination, taken.name)} (${sizeText(taken.sizeBytes)}; ${rows} righe, ${taken.manifest.files.length} file).`,
    );
    if (pruned.length) console.log(`Eliminati ${pruned.length} backup più vecchi di ${settings.keepDays} giorni.`);
  } finally {
    await database.close();
  }
};

/** Where a backup is, as the command says it. */
const whereText = (destination: BackupDestination, name: string) =>
  destination.info.kind === 'dir'
    ? path.join(destination.info.path, name)
    : `s3://${destination.info.bucket}/${destination.info.prefix}${name}`;

const s3Form = 's3:';

const restore = async (file: string | undefined) => {
  if (!file)
    throw new BackupRefused(
      'Indica il file del backup: npm run restore <file>, oppure npm run restore s3:<nome> per un backup nel bucket S3.',
    );
  const config = loadConfig();
  if (config.DATABASE_URL) throw new BackupRefused(backupSettingsMessages.postgres);
  const dataDir = path.resolve(config.DATA_DIR);
  refuseIfHeld(dataDir);
  if (!file.startsWith(s3Form)) {
    const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    return report(await restoreBackup(source, dataDir), dataDir, config.STORAGE_DRIVER);
  }
  // s3:NAME: the backup NAME of the bucket (BACKUP_TARGET=s3), downloaded beside the data directory, then restored
  const name = file.slice(s3Form.length);
  if (config.BACKUP_TARGET !== 's3')
    throw new BackupRefused(
      `${file}: i backup sono nel bucket S3 solo con BACKUP_TARGET=s3 (e le variabili S3_* del server). Indica il file del backup.`,
    );
  // refused before a download of possibly hundreds of MB (restoreBackup checks it again)
  if (!(await isEmptyDir(dataDir)))
    throw new BackupRefused(
      `La cartella dei dati ${dataDir} non è vuota: il ripristino avviene solo in una cartella vuota o inesistente, per non sovrascrivere nessun dato. Indica una cartella nuova con DATA_DIR.`,
    );
  const destination = backupDestinationOf(config);
  const local = `${dataDir}.download-${process.pid}.tar.gz`;
  try {
    if (!(await fetchBackup(destination, name, local)))
      throw new BackupRefused(`Nel bucket non c'è il backup ${name} (${whereText(destination, name)}).`);
    console.log(`Scaricato ${whereText(destination, name)}.`);
    report(await restoreBackup(local, dataDir), dataDir, config.STORAGE_DRIVER);
  } finally {
    await rm(local, { force: true });
  }
};

const report = (restored: Awaited<ReturnType<typeof restoreBackup>>, dataDir: string, storage: string) => {
  const rows = Object.values(restored.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Ripristino completato in ${dataDir}: backup del ${restored.manifest.createdAt}, ${rows} righe e ${restored.manifest.files.length} file verificati.`,
  );
  if (storage === 's3') console.log('I file caricati sono nello storage S3: non fanno parte di questo backup.');
};

const [command, arg] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(arg);
  else throw new BackupRefused('Uso: npm run backup, oppure npm run restore <file> (o s3:<nome>).');
} catch (err) {
  console.error(err instanceof BackupRefused ? err.message : err);
  process.exit(1);
}

import { TagsInput } from '@mantine/core';
import {
  type ImportChanges,
  type ImportField,
  type ImportPreviewRowView,
  type ImportUndoResult,
  importFieldLabels,
  importFields,
  type PatientImport,
} from '@studiolo/domain/imports';
import {
  ImportColumnsStep,
  ImportDialogFrame,
  ImportFileStep,
  ImportOptionsStep,
  ImportOutcomeStep,
  ImportPreviewStep,
  importStepTexts,
} from '../../../components/import-steps.tsx';
import { type ImportFlowApi, rememberedImportStore, useImportFlow } from '../../../components/use-import-flow.ts';
import {
  changePatientImport,
  downloadPatientImportReport,
  getPatientImport,
  getPatientImportRows,
  startPatientImport,
  undoPatientImport,
  uploadPatientImport,
} from '../api/patient-imports.ts';
import { patientImportButtonText } from './patient-import-button.tsx';

/** Texts of Pazienti › Importa (not worded in the spec: decision 039); the steps' own are in importStepTexts. */
export const importTexts = {
  title: patientImportButtonText,
  steps: ['File', 'Colonne', 'Anteprima', 'Etichette', 'Importazione'],
  fileHelp:
    'Esporta i pazienti dal programma che usavi in CSV o Excel (.xlsx), fino a 50.000 righe e 20 MB. Nulla viene salvato finché non confermi l’importazione.',
  supportHint: 'Il file non si legge? Scrivi all’assistenza: lo importiamo noi entro 24 ore.',
  columnsHelp: 'Abbiamo abbinato le colonne del file ai campi di Studiolo: controlla e cambia dove serve.',
  patient: 'Paziente',
  update: 'Aggiorna il paziente',
  tagsHelp: 'Le etichette vengono aggiunte a ogni paziente importato (es. «Importati 2026»).',
  tagsLabel: 'Etichette',
  ready: (c: NonNullable<PatientImport['counts']>) =>
    `Verranno importati ${c.toImport} pazienti${c.toUpdate ? `, aggiornati ${c.toUpdate}` : ''} e saltate ${c.toSkip} righe.`,
  start: (n: number) => `Importa ${n} pazienti`,
  done: (r: PatientImport['result']) =>
    `Importazione completata: ${r.imported} importati, ${r.updated} aggiornati, ${r.skipped} saltati.`,
  undone: (n: number) => `Importazione annullata: ${n} pazienti rimossi.`,
  kept: 'Pazienti mantenuti:',
} as const;

const fieldOptions = importFields.map((f) => ({ value: f, label: importFieldLabels[f] }));
const labelOf = (field: string) => importFieldLabels[field as ImportField] ?? field;
const nameOf = (v: Record<string, string>) =>
  [v.cognome, v.nome].filter(Boolean).join(' ') || v.ragioneSociale || v.nomeCompleto || '—';
/** A new row is imported or skipped; a duplicate only skipped, or (a patient of the studio) updated. */
const choicesOf = (row: ImportPreviewRowView) => [
  ...(row.duplicate ? [] : [{ value: 'import', label: importStepTexts.importRow }]),
  { value: 'skip', label: importStepTexts.skip },
  ...(row.duplicate?.kind === 'existing' ? [{ value: 'update', label: importTexts.update }] : []),
];

const api: ImportFlowApi<PatientImport, ImportPreviewRowView, ImportChanges, ImportUndoResult> = {
  /** The last import started here, reopened with its outcome and undo while it can be undone (24 hours). */
  remembered: rememberedImportStore('studiolo.lastPatientImport'),
  upload: uploadPatientImport,
  get: getPatientImport,
  rows: getPatientImportRows,
  change: changePatientImport,
  start: startPatientImport,
  undo: undoPatientImport,
  report: downloadPatientImportReport,
};

/**
 * Pazienti › Importa (issue 30 item 1): file → columns → preview (problems, corrections, duplicates) → tags → import
 * with its progress → the report, its download and the undo. Every check is the server's (decision 039).
 */
export const PatientImportDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const flow = useImportFlow(api, onClose);
  const { step, imp, undo, change } = flow;
  const counts = imp?.counts ?? null;
  const toWrite = counts ? counts.toImport + counts.toUpdate : 0;
  const t = importTexts;

  return (
    <ImportDialogFrame
      opened={opened}
      title={t.title}
      steps={t.steps}
      step={step}
      error={flow.error}
      onClose={flow.close}
    >
      {step === 0 && <ImportFileStep help={t.fileHelp} hint={t.supportHint} busy={flow.busy} onFile={flow.upload} />}

      {step === 1 && imp && (
        <ImportColumnsStep
          help={t.columnsHelp}
          imp={imp}
          options={fieldOptions}
          onChange={(column, field) => void change({ mapping: [{ column, field: field as ImportField | null }] })}
          onNext={flow.toPreview}
        />
      )}

      {step === 2 && imp && (
        <ImportPreviewStep
          counts={counts}
          subjectTitle={t.patient}
          onlyProblems={flow.onlyProblems}
          onOnlyProblems={flow.showOnlyProblems}
          rows={flow.rows}
          page={flow.page}
          onPage={flow.toPage}
          subjectOf={(r) => nameOf(r.values)}
          labelOf={labelOf}
          choicesOf={choicesOf}
          onFix={(row, field, value) => change({ fixes: [{ row, values: { [field]: value } }] })}
          onChoice={(row, choice) => change({ choices: [{ row, choice: choice as ImportPreviewRowView['choice'] }] })}
          onBack={() => flow.setStep(1)}
          onNext={() => flow.setStep(3)}
        />
      )}

      {step === 3 && imp && (
        <ImportOptionsStep
          ready={counts && t.ready(counts)}
          startLabel={t.start(toWrite)}
          canStart={toWrite > 0}
          busy={flow.busy}
          onBack={() => flow.setStep(2)}
          onStart={flow.start}
        >
          <TagsInput
            label={t.tagsLabel}
            description={t.tagsHelp}
            value={imp.tags}
            onChange={(tags) => void change({ tags })}
            maxTags={10}
          />
        </ImportOptionsStep>
      )}

      {step === 4 && imp && (
        <ImportOutcomeStep
          imp={imp}
          doneText={t.done(imp.result)}
          undone={
            undo && {
              title: t.undone(undo.removed),
              keptTitle: t.kept,
              kept: undo.kept.map((k) => ({ key: k.patientId, name: k.name, reason: k.reason })),
            }
          }
          busy={flow.busy}
          onReport={flow.report}
          onUndo={flow.undoImport}
          onNew={flow.newImport}
          onClose={flow.close}
        />
      )}
    </ImportDialogFrame>
  );
};

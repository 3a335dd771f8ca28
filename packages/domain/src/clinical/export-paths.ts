import { sanitizeFileName } from '../shared/file-name.ts';

const splitExtension = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
};

/** "name (2).ext": the n-th file of the same name in one folder, or the n-th patient of the same name. */
const numbered = (name: string, n: number) => {
  const [base, ext] = splitExtension(name);
  return sanitizeFileName(`${base} (${n})${ext}`);
};

/**
 * The paths inside the allegati-pazienti ZIP (issue 16 item 6): one folder per patient, named after the patient
 * ("Rossi Mario"; a second patient of the same name gets "Rossi Mario (2)"), holding the patient's files under
 * their names (a repeated name gets " (2)" before the extension). Names follow the file-name rule (spec part 1 §9).
 * Feed it the files grouped by patient; it remembers the folder names given (a few bytes a patient).
 */
export const createZipPathNamer = () => {
  const folderOf = new Map<string, string>();
  const folderTaken = new Set<string>();
  let currentPatient: string | null = null;
  let namesInFolder = new Set<string>();
  return (pazienteId: string, patientName: string, fileName: string): string => {
    let folder = folderOf.get(pazienteId);
    if (!folder) {
      const wanted = sanitizeFileName(patientName.trim() || 'Paziente senza nome');
      folder = wanted;
      for (let n = 2; folderTaken.has(folder.toLowerCase()); n++) folder = numbered(wanted, n);
      folderTaken.add(folder.toLowerCase());
      folderOf.set(pazienteId, folder);
    }
    if (currentPatient !== pazienteId) {
      currentPatient = pazienteId;
      namesInFolder = new Set();
    }
    const wantedFile = sanitizeFileName(fileName);
    let file = wantedFile;
    for (let n = 2; namesInFolder.has(file.toLowerCase()); n++) file = numbered(wantedFile, n);
    namesInFolder.add(file.toLowerCase());
    return `${folder}/${file}`;
  };
};

import { IconForms } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /modulistica-v2/form-template-editor?id= (filled by the forms feature). */
export const FormTemplateEditorPage = () => (
  <ComingSoon
    title="Moduli"
    description="Qui potrai creare moduli e consensi, generarli in PDF e inviarli in firma ai pazienti."
    icon={<IconForms size={30} />}
  />
);

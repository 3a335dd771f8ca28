import { tipiSpesaRiga, tipoSpesaLabels } from '@studiolo/domain/sistema-ts';

/** The expense types an invoice line or a product can have, for a Select ("SP - Prestazioni sanitarie"). */
export const tipoSpesaRigaOptions = tipiSpesaRiga.map((v) => ({ value: v, label: `${v} - ${tipoSpesaLabels[v]}` }));

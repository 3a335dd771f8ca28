/** Person type (spec part 1 §3): a natural person (default) or a legal one. */
export const tipologiePersona = ['FISICA', 'GIURIDICA'] as const;
export type TipologiaPersona = (typeof tipologiePersona)[number];
/** Sex codes (spec part 1 §3, §9): U man (default), D woman. */
export const sessi = ['U', 'D'] as const;
export type Sesso = (typeof sessi)[number];

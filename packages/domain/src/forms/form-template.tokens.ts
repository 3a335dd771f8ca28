/**
 * Placeholder tokens of form templates (spec part 1 §5 "Placeholder replacement in templates is by tokens";
 * docs/decisions/025): `{{paziente.nome}}`, spaces inside the braces allowed. The list is closed: a template using
 * any other token is refused, on the server and in the editor before saving.
 */
export const formTemplateTokens = [
  { token: 'paziente.nomeCompleto', label: 'Paziente: nome e cognome' },
  { token: 'paziente.nome', label: 'Paziente: nome' },
  { token: 'paziente.cognome', label: 'Paziente: cognome' },
  { token: 'paziente.codiceFiscale', label: 'Paziente: codice fiscale' },
  { token: 'paziente.dataNascita', label: 'Paziente: data di nascita' },
  { token: 'paziente.comuneNascita', label: 'Paziente: comune di nascita' },
  { token: 'paziente.provinciaNascita', label: 'Paziente: provincia di nascita' },
  { token: 'paziente.indirizzo', label: 'Paziente: indirizzo' },
  { token: 'paziente.cap', label: 'Paziente: CAP' },
  { token: 'paziente.comune', label: 'Paziente: comune' },
  { token: 'paziente.provincia', label: 'Paziente: provincia' },
  { token: 'paziente.cellulare', label: 'Paziente: cellulare' },
  { token: 'paziente.email', label: 'Paziente: email' },
  { token: 'studio.nome', label: 'Studio: nome' },
  { token: 'studio.codiceFiscale', label: 'Studio: codice fiscale' },
  { token: 'studio.partitaIva', label: 'Studio: partita IVA' },
  { token: 'studio.professione', label: 'Studio: professione' },
  { token: 'studio.iscrizioneAlbo', label: 'Studio: iscrizione albo' },
  { token: 'studio.indirizzo', label: 'Studio: indirizzo' },
  { token: 'studio.cap', label: 'Studio: CAP' },
  { token: 'studio.comune', label: 'Studio: comune' },
  { token: 'studio.provincia', label: 'Studio: provincia' },
  { token: 'studio.telefono', label: 'Studio: telefono' },
  { token: 'studio.email', label: 'Studio: email' },
  { token: 'data.oggi', label: 'Data di oggi' },
] as const;
export type FormTemplateToken = (typeof formTemplateTokens)[number]['token'];
/** The values a template is filled with; a missing or null value leaves the token's place empty. */
export type FormTemplateValues = Partial<Record<FormTemplateToken, string | null>>;

const known = new Set<string>(formTemplateTokens.map((t) => t.token));
/** `{{ name }}`: a token is letters, digits, dots and underscores (anything else between braces is refused too). */
const tokenPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The token as written in a template. */
export const tokenText = (token: FormTemplateToken) => `{{${token}}}`;

/** Every distinct token the text uses, in order of first appearance. */
export const tokensIn = (text: string): string[] => [
  ...new Set([...text.matchAll(tokenPattern)].map((m) => m[1] ?? '')),
];

/** The tokens the text uses that are not in the list (what the server refuses and the editor reports). */
export const unknownTokensIn = (text: string): string[] => tokensIn(text).filter((t) => !known.has(t));

/**
 * Replaces each known token by its value, escaped for HTML; empty when no value (the empty form).
 * @param html sanitised template HTML whose tokens are all known (unknown ones are left as written)
 */
export const fillTokens = (html: string, values: FormTemplateValues): string =>
  html.replace(tokenPattern, (whole, name: string) =>
    known.has(name) ? escapeHtml(values[name as FormTemplateToken] ?? '') : whole,
  );

/**
 * Replaces each known token of a plain text (a template already parsed, not HTML) by its value as is; empty when no
 * value. Unknown tokens are left as written, as fillTokens does.
 */
export const fillTokensInText = (text: string, values: FormTemplateValues): string =>
  text.replace(tokenPattern, (whole, name: string) =>
    known.has(name) ? (values[name as FormTemplateToken] ?? '') : whole,
  );

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

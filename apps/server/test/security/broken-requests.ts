import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
};

export type Variant = { label: string; value: unknown };

/**
 * Text no field may hold (issue 25, the shared string rule): a NUL (PostgreSQL refuses it and the INSERT failed with a
 * 500 and the row's values in the log), another control character, half of a surrogate pair.
 */
export const forbiddenTexts = [
  { label: 'a NUL', value: 'Mario\u0000Rossi' },
  { label: 'a control character', value: 'campanello\u0007' },
  { label: 'a lone surrogate', value: 'emoji a metà \uD83D' },
];

/**
 * A body nested far deeper than any schema (100,000 arrays), as raw JSON text: refused before anything walks it.
 * Raw, since JSON.stringify itself would overflow the test's stack on it.
 */
export const deepJsonText = (valid: unknown) => {
  const depth = 100_000;
  const fields = JSON.stringify(valid && typeof valid === 'object' && !Array.isArray(valid) ? valid : {});
  const deep = `${'['.repeat(depth)}"fondo"${']'.repeat(depth)}`;
  return fields === '{}' ? `{"deep":${deep}}` : `${fields.slice(0, -1)},"deep":${deep}}`;
};

/** Strings that must never be accepted where a format, pattern or list of values is expected. */
export const hostileStrings = [
  "' OR 1=1; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '\u202Eevil\u0000',
  '😀🏥',
  '../../etc/passwd',
];

export const toJsonSchema = (schema: unknown): JsonSchema | null => {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
};

/** The non-null branches of a schema (zod's nullish becomes anyOf [T, null]). */
const branches = (s: JsonSchema): JsonSchema[] => {
  const alts = s.anyOf ?? s.oneOf;
  return alts ? alts.filter((b) => b.type !== 'null').flatMap(branches) : [s];
};
const typesOf = (s: JsonSchema) =>
  branches(s).flatMap((b) => (Array.isArray(b.type) ? b.type : b.type ? [b.type] : []));

/** Values that are invalid for a schema whatever the rest of the request, each with a label. */
const invalidValuesFor = (s: JsonSchema, inQuery: boolean): Variant[] => {
  const out: Variant[] = [];
  const types = new Set(typesOf(s));
  const bs = branches(s);
  const constrained = bs.every((b) => b.enum || b.const !== undefined || b.format || b.pattern);
  if (!inQuery) {
    if (types.size > 0 && !types.has('number') && !types.has('integer'))
      out.push({ label: 'a number instead', value: 12345 });
    if (types.size > 0 && !types.has('string')) out.push({ label: 'a string instead', value: 'non valido' });
    if (types.size > 0 && !types.has('array') && !types.has('object'))
      out.push({ label: 'an object instead', value: { $gt: '' } });
  }
  if (types.has('string') && bs.length === 1) {
    const max = bs[0]?.maxLength;
    if (max !== undefined) out.push({ label: `${max + 1} characters`, value: 'x'.repeat(max + 1) });
    // Every text field has a maximum: a megabyte of text is refused, never stored.
    if (!inQuery) out.push({ label: 'a 1 MB string', value: 'x'.repeat(1_000_000) });
    if (constrained)
      for (const h of hostileStrings) out.push({ label: `hostile ${JSON.stringify(h).slice(0, 20)}`, value: h });
    // every text, constrained or free, keeps the shared string rule (a URL cannot carry a lone surrogate: its UTF-8
    // does not exist, the client sends U+FFFD)
    for (const f of forbiddenTexts)
      if (!inQuery || f.label !== 'a lone surrogate') out.push({ label: f.label, value: f.value });
  }
  if ((types.has('number') || types.has('integer')) && inQuery) out.push({ label: 'not a number', value: 'abc' });
  return out;
};

/**
 * Copies of a valid object with each number written as a string ("12" for 12): a schema may take or refuse them,
 * but never with a 5xx.
 */
export const numbersAsStrings = (schema: JsonSchema, valid: unknown): Variant[] => {
  const out: Variant[] = [];
  const walk = (
    s: JsonSchema,
    current: Record<string, unknown>,
    set: (v: Record<string, unknown>) => unknown,
    path: string,
  ) => {
    const objectBranch = branches(s).find((b) => b.properties);
    if (!objectBranch?.properties) return;
    for (const [name, prop] of Object.entries(objectBranch.properties)) {
      const types = new Set(typesOf(prop));
      if (types.has('number') || types.has('integer')) {
        const value = typeof current[name] === 'number' ? String(current[name]) : '12';
        out.push({ label: `${path}${name}: a number as a string`, value: set({ ...current, [name]: value }) });
      }
      const inner = current[name];
      if (inner && typeof inner === 'object' && !Array.isArray(inner))
        walk(prop, inner as Record<string, unknown>, (v) => set({ ...current, [name]: v }), `${path}${name}.`);
    }
  };
  if (valid && typeof valid === 'object' && !Array.isArray(valid))
    walk(schema, valid as Record<string, unknown>, (v) => v, '');
  return out;
};

/**
 * Broken copies of a valid object: one field at a time made invalid, each required field removed,
 * plus the whole thing replaced by wrong shapes. Nested objects are walked.
 */
export const brokenObjects = (schema: JsonSchema, valid: unknown, inQuery = false): Variant[] => {
  const out: Variant[] = [];
  if (!inQuery) {
    out.push({ label: 'an array instead of the object', value: [] });
    out.push({ label: 'a string instead of the object', value: 'x' });
  }
  const walk = (
    s: JsonSchema,
    current: Record<string, unknown>,
    set: (v: Record<string, unknown>) => unknown,
    path: string,
  ) => {
    const objectBranch = branches(s).find((b) => b.properties);
    if (!objectBranch?.properties) return;
    for (const name of objectBranch.required ?? []) {
      const { [name]: _removed, ...rest } = current;
      out.push({ label: `${path}${name} missing`, value: set(rest) });
    }
    for (const [name, prop] of Object.entries(objectBranch.properties)) {
      for (const bad of invalidValuesFor(prop, inQuery))
        out.push({ label: `${path}${name}: ${bad.label}`, value: set({ ...current, [name]: bad.value }) });
      const inner = current[name];
      if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
        walk(prop, inner as Record<string, unknown>, (v) => set({ ...current, [name]: v }), `${path}${name}.`);
      }
    }
  };
  if (valid && typeof valid === 'object' && !Array.isArray(valid))
    walk(schema, valid as Record<string, unknown>, (v) => v, '');
  return out;
};

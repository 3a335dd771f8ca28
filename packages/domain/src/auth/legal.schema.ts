import {
  isKnownLegalVersion,
  type LegalDocumentId,
  legalDocumentIds,
  legalMessages,
} from '../legal/legal-documents.ts';
import { z } from '../shared/zod-it.ts';

const version = (id: LegalDocumentId) =>
  z
    .string()
    .trim()
    .min(1)
    .max(20)
    .refine((v) => isKnownLegalVersion(id, v), { error: legalMessages.unknownVersion });

/** The versions of the documents a person accepted at sign-up (the form sends the ones it showed). */
export const legalVersionsSchema = z.object({
  termini: version('termini'),
  privacy: version('privacy'),
  dpa: version('dpa'),
  cookie: version('cookie'),
});
export type LegalVersions = z.infer<typeof legalVersionsSchema>;

/** POST /legal/acceptances: the documents (in their version in force) the signed-in user accepts. */
export const acceptLegalInputSchema = z.object({
  documents: z
    .array(z.object({ id: z.enum(legalDocumentIds), version: z.string().trim().min(1).max(20) }))
    .min(1)
    .max(legalDocumentIds.length),
});
export type AcceptLegalInput = z.infer<typeof acceptLegalInputSchema>;

export const legalStatusSchema = z.object({
  accepted: z.array(z.object({ document: z.enum(legalDocumentIds), version: z.string(), acceptedAt: z.string() })),
  pending: z.array(z.enum(legalDocumentIds)),
});

export const legalPublicInfoSchema = z.object({
  documents: z.array(
    z.object({ id: z.enum(legalDocumentIds), title: z.string(), version: z.string(), date: z.string() }),
  ),
  operator: z
    .object({
      name: z.string(),
      address: z.string().nullable(),
      vatNumber: z.string().nullable(),
      pec: z.string().nullable(),
    })
    .nullable(),
  subProcessors: z.array(
    z.object({
      name: z.string(),
      service: z.string(),
      location: z.string(),
      kind: z.enum(['sub-responsabile', 'destinatario', 'simulatore']),
    }),
  ),
});

import { z } from 'zod';
import { idSchema } from './common.ts';

/** Contract document calls accept the contract number (printed on the contract) or the contract id (what this web app sends). */
export const contractDocumentQuerySchema = z
  .object({
    contractNum: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,30}$/)
      .optional(),
    contractId: idSchema.optional(),
    documentMasterId: idSchema,
  })
  .refine((q) => q.contractNum !== undefined || q.contractId !== undefined, {
    message: 'contractNum or contractId is required',
    path: ['contractNum'],
  });

export const contractImagesResponseSchema = z.object({
  /** One PNG data URL per page of the document to sign, in page order. */
  images: z.array(z.string()),
  pageCount: z.number().int(),
  isSigned: z.boolean(),
  /**
   * SHA-256 (hex) of the unsigned document these images show; the sign call sends it back so a contract whose
   * terms changed in between is not signed. Null once signed. Added to the images answer for that check.
   */
  termsHash: z.string().nullable(),
});
export type ContractImagesResponse = z.infer<typeof contractImagesResponseSchema>;

/** The hash of the shown terms, as the images answer gave it. */
export const termsHashSchema = z
  .string()
  .regex(/^[a-f0-9]{64}$/, 'termsHash must be the 64-character hex hash the contract images answered');

/** The sign call's query (contractId, documentMasterId) plus the optional termsHash of the terms the signer saw. */
export const eSignQuerySchema = z.object({
  contractId: idSchema,
  documentMasterId: idSchema,
  termsHash: termsHashSchema.optional(),
});
/** 409 code of a sign whose termsHash no longer matches the contract: its message states the new terms. */
export const CONTRACT_TERMS_CHANGED = 'contract_terms_changed';
export const eSignResponseSchema = z.object({
  contractId: z.number().int(),
  contractNum: z.string(),
  documentMasterId: z.number().int(),
  dateTimeSigned: z.string(),
});
export type ESignResponse = z.infer<typeof eSignResponseSchema>;

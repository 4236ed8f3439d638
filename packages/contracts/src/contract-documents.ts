import { z } from 'zod';
import { idSchema } from './common.ts';

/** Contract document calls accept the contract number (spec 02 section 7) or the contract id. */
export const contractDocumentQuerySchema = z
  .object({
    contractNum: z.string().trim().regex(/^[A-Za-z0-9-]{1,30}$/).optional(),
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
});
export type ContractImagesResponse = z.infer<typeof contractImagesResponseSchema>;

export const eSignQuerySchema = z.object({ contractId: idSchema, documentMasterId: idSchema });
export const eSignResponseSchema = z.object({
  contractId: z.number().int(),
  contractNum: z.string(),
  documentMasterId: z.number().int(),
  dateTimeSigned: z.string(),
});
export type ESignResponse = z.infer<typeof eSignResponseSchema>;

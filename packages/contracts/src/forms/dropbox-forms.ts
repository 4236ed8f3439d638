/** The credentials dropbox's 'Name Your Document' form. */
import { z } from 'zod';
import { DOCUMENT_TITLE_MAX, dropboxMessages, normalizeDocumentTitle } from '../dropbox.ts';

/** The name a document is listed under (the attach request's documentTitle), spaces tidied. */
export const documentNameFormSchema = z.object({
  documentTitle: z
    .string()
    .max(DOCUMENT_TITLE_MAX, dropboxMessages.titleRequired)
    .transform((title, ctx) => {
      const tidy = normalizeDocumentTitle(title);
      if (tidy === null) ctx.addIssue({ code: 'custom', message: dropboxMessages.titleRequired });
      return tidy ?? '';
    }),
});

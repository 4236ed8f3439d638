import * as dropbox from '@hcp/contracts/routes/dropbox';
import { openFile } from '../../../lib/api-client.ts';

/** Opens the caller's own document in a new window. */
export const openDocumentAttachment = (filePath: string) =>
  openFile(dropbox.documentAttachment, { query: { filePath } });

import { openFileInNewWindow } from '../../../lib/api-client.ts';

/** Opens the caller's own document in a new window. */
export const openDocumentAttachment = (filePath: string) => openFileInNewWindow('Document/getDocumentAttachment', { filePath });

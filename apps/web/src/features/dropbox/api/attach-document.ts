import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DropboxItem } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { dropboxDocumentsKey } from './get-dropbox-documents.ts';

export const attachDocument = (filepath: string, documentTitle: string) =>
  apiJson<DropboxItem>('HcpCredentialsDropbox/attachDocument', { json: { filepath, documentTitle } });

export function useAttachDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ filepath, documentTitle }: { filepath: string; documentTitle: string }) => attachDocument(filepath, documentTitle),
    onSettled: () => qc.invalidateQueries({ queryKey: dropboxDocumentsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';
import { dropboxDocumentsKey } from './get-dropbox-documents.ts';

export const deleteDropboxDocument = (hcpDropboxId: number) =>
  apiJson<{ ok: boolean }>('HcpCredentialsDropbox/deleteDocument', { json: { hcpDropboxId } });

export function useDeleteDropboxDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDropboxDocument,
    onSettled: () => qc.invalidateQueries({ queryKey: dropboxDocumentsKey }),
  });
}

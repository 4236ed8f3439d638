import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as dropbox from '@hcp/contracts/routes/dropbox';
import { call } from '../../../lib/api-client.ts';
import { dropboxDocumentsKey } from './get-dropbox-documents.ts';

const deleteDropboxDocument = (hcpDropboxId: number) => call(dropbox.deleteDropboxDocument, { body: { hcpDropboxId } });

export function useDeleteDropboxDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDropboxDocument,
    onSettled: () => qc.invalidateQueries({ queryKey: dropboxDocumentsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as dropbox from '@hcp/contracts/routes/dropbox';
import { call } from '../../../lib/api-client.ts';
import { dropboxDocumentsKey } from './get-dropbox-documents.ts';

const attachDocument = (filepath: string, documentTitle: string) =>
  call(dropbox.attachDocument, { body: { filepath, documentTitle } });

export function useAttachDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ filepath, documentTitle }: { filepath: string; documentTitle: string }) =>
      attachDocument(filepath, documentTitle),
    onSettled: () => qc.invalidateQueries({ queryKey: dropboxDocumentsKey }),
  });
}

import { useQuery } from '@tanstack/react-query';
import * as dropbox from '@hcp/contracts/routes/dropbox';
import { endpointQuery } from '../../../lib/api-client.ts';

const dropboxDocumentsQuery = endpointQuery(dropbox.dropboxDocuments);
export const dropboxDocumentsKey = dropboxDocumentsQuery.queryKey;

export const useDropboxDocuments = () => useQuery(dropboxDocumentsQuery);

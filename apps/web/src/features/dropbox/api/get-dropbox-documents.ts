import { useQuery } from '@tanstack/react-query';
import type { DropboxItemsResponse } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const dropboxDocumentsKey = ['dropbox', 'documents'] as const;

export const getDropboxDocuments = () => apiJson<DropboxItemsResponse>('HcpCredentialsDropbox/getUploadedDropboxDocuments');

export const dropboxDocumentsQuery = { queryKey: dropboxDocumentsKey, queryFn: getDropboxDocuments };

export const useDropboxDocuments = () => useQuery(dropboxDocumentsQuery);

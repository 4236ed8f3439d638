import { useQuery } from '@tanstack/react-query';
import type { policyDocumentNames } from '@hcp/contracts/documents';
import * as documents from '@hcp/contracts/routes/documents';
import { call, endpointKey, openFile } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

/** The four lists of the e-documents page. */
export function useDocumentsAndSignatures() {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(documents.documentsAndSignatures, token),
    queryFn: () => call(documents.documentsAndSignatures),
    enabled: !!token,
  });
}

/** Opens a signed employment document in a new window. */
export const openTrsDocument = (signatureTypeId: number) =>
  openFile(documents.trsDocument, { query: { signatureTypeId } });

/** Opens a policy or procedure document in a new window. */
export const openPolicyDocument = (documentName: (typeof policyDocumentNames)[number]) =>
  openFile(documents.policyDocument, { query: { documentName } });

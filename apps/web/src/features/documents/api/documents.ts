import { useQuery } from '@tanstack/react-query';
import type { DocumentsAndSignatures } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

/** GET /DocumentsAndSignatures/getDocumentsAndSignatures: the four lists. */
export function useDocumentsAndSignatures() {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['documents', token],
    queryFn: () => apiJson<DocumentsAndSignatures>('DocumentsAndSignatures/getDocumentsAndSignatures'),
    enabled: !!token,
  });
}

import { CONTRACT_DOCUMENT_MASTER_ID } from '@hcp/contracts/pipeline-labels';
import { signedContractDocument } from '@hcp/contracts/routes/contracts';
import { openFile } from './api-client.ts';

/** Opens a signed contract (with its audit page) in a new window: the dashboard, offers and e-documents show it. */
export const openSignedContract = (contractNum: string, documentMasterId: number = CONTRACT_DOCUMENT_MASTER_ID) =>
  openFile(signedContractDocument, { query: { contractNum, documentMasterId } });

/** What the page the signing screen returns to says about the contract just signed. */
export const CONTRACT_SIGNED_MESSAGE =
  'Thank you, your contract is signed. You can open the signed copy at any time, and your recruiter will be in touch about the next steps.';

/** The contract the signing screen just signed, as it hands it to the page it returns to (null otherwise). */
export function justSignedContract(state: unknown): number | null {
  const id = (state as { signedContractId?: unknown } | null)?.signedContractId;
  return typeof id === 'number' ? id : null;
}

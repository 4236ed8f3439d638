import { CONTRACT_DOCUMENT_MASTER_ID } from '@hcp/contracts/pipeline';
import { signedContractDocument } from '@hcp/contracts/routes/contracts';
import { openFile } from './api-client.ts';

/** Opens a signed contract (with its audit page) in a new window: the dashboard, offers and e-documents show it. */
export const openSignedContract = (contractNum: string, documentMasterId: number = CONTRACT_DOCUMENT_MASTER_ID) =>
  openFile(signedContractDocument, { query: { contractNum, documentMasterId } });

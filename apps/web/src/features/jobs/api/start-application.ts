import type { StartApplicationRequest } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const startJobApplication = (body: StartApplicationRequest) =>
  apiJson<{ jobId: number; isInterested: boolean }>('HcpJobApplication/startJobApplication', { json: body });

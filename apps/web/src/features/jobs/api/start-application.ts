import type { StartApplicationRequest } from '@hcp/contracts';
import * as jobs from '@hcp/contracts/routes/jobs';
import { call } from '../../../lib/api-client.ts';

export const startJobApplication = (body: StartApplicationRequest) => call(jobs.startJobApplication, { body });

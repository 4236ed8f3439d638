import { useMutation } from '@tanstack/react-query';
import type { SaveReferralRequest } from '@hcp/contracts';
import * as referral from '@hcp/contracts/routes/referral';
import { call } from '../../../lib/api-client.ts';

const saveReferral = (body: SaveReferralRequest) => call(referral.saveReferral, { body });

export const useSaveReferral = () => useMutation({ mutationFn: saveReferral });
